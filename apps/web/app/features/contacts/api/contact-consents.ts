import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { contactConsentsKey } from "./keys";

/** A contact's number's consent history in the organization (ADR 94), newest first. */
export function useContactConsents(id: number) {
  return useQuery({
    queryKey: contactConsentsKey(id),
    queryFn: async () => (await api.call(contactsEndpoints.contactConsents, { params: { id } })).data,
  });
}
