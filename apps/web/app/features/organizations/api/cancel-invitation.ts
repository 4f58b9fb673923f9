import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { invitationsKey } from "./keys";

export function useCancelInvitation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: number) =>
      (await api.call(organizationsEndpoints.cancelInvitation, { params: { id, invitationId } })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: invitationsKey(id) });
    },
  });
}
