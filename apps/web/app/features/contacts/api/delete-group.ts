import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONTACT_GROUPS_KEY, groupKey } from "./keys";

export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(contactsEndpoints.deleteGroup, { params: { id } })).data,
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: groupKey(id) });
      void client.invalidateQueries({ queryKey: CONTACT_GROUPS_KEY });
    },
  });
}
