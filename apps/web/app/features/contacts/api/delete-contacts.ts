import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONTACT_GROUPS_KEY } from "./keys";

/** Deletes one contact, or the selected ones of a group in one call. */
export function useDeleteContacts(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const [only] = ids;
      if (ids.length === 1 && only !== undefined) {
        await api.call(contactsEndpoints.deleteContact, { params: { id: only } });
        return { deleted: 1 };
      }
      return (await api.call(contactsEndpoints.deleteContacts, { params: { id: groupId }, body: { ids } }))
        .data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: CONTACT_GROUPS_KEY }),
  });
}
