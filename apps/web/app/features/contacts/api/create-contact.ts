import type { TCreateContactRequest } from "@sms/domain/contracts/contacts";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONTACT_GROUPS_KEY } from "./keys";

export function useCreateContact(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateContactRequest) =>
      (await api.call(contactsEndpoints.createContact, { params: { id: groupId }, body })).data,
    // The group's count changes too.
    onSuccess: () => client.invalidateQueries({ queryKey: CONTACT_GROUPS_KEY }),
  });
}
