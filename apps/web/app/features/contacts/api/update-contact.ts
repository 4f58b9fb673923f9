import type { TUpdateContactRequest } from "@sms/domain/contracts/contacts";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONTACT_GROUPS_KEY, contactConsentsKey } from "./keys";

export function useUpdateContact(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateContactRequest) =>
      (await api.call(contactsEndpoints.updateContact, { params: { id }, body })).data,
    // A changed number has another history (its new opt-in, ADR 94): the dialog shows it next time.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CONTACT_GROUPS_KEY }),
        client.invalidateQueries({ queryKey: contactConsentsKey(id) }),
      ]),
  });
}
