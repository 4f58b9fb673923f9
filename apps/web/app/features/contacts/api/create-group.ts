import type { TCreateContactGroupRequest } from "@sms/domain/contracts/contacts";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONTACT_GROUPS_KEY } from "./keys";

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateContactGroupRequest) =>
      (await api.call(contactsEndpoints.createGroup, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: CONTACT_GROUPS_KEY }),
  });
}
