import type { TContactGroupsQuery } from "@sms/domain/contracts/contacts";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** One page of the organization's contact groups (the /contacts table). */
export function useContactGroups(query: Partial<TContactGroupsQuery>, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(contactsEndpoints.listGroups, { query })).data,
    placeholderData: keepPreviousData,
  });
}
