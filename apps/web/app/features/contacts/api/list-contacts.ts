import type { TContactsQuery } from "@sms/domain/contracts/contacts";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** One page of a group's contacts; the previous page stays on screen while the next loads. */
export function useGroupContacts(
  groupId: number,
  query: Partial<TContactsQuery>,
  queryKey: readonly unknown[],
) {
  return useQuery({
    queryKey,
    queryFn: async () =>
      (await api.call(contactsEndpoints.listContacts, { params: { id: groupId }, query })).data,
    placeholderData: keepPreviousData,
  });
}
