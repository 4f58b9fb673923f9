import type { TUpdateContactGroupRequest } from "@sms/domain/contracts/contacts";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONTACT_GROUPS_KEY, groupKey } from "./keys";

export function useRenameGroup(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateContactGroupRequest) =>
      (await api.call(contactsEndpoints.updateGroup, { params: { id }, body })).data,
    onSuccess: (group) => {
      client.setQueryData(groupKey(id), group);
      void client.invalidateQueries({ queryKey: CONTACT_GROUPS_KEY });
    },
  });
}
