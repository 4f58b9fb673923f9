import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { groupKey } from "./keys";

export function useContactGroup(id: number) {
  return useQuery({
    queryKey: groupKey(id),
    queryFn: async () => (await api.call(contactsEndpoints.getGroup, { params: { id } })).data,
  });
}
