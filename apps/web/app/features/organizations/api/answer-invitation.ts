import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ORGANIZATIONS_KEY } from "./keys";

/**
 * Accept or decline one of the user's invitations. Accepting adds an organization to the switch
 * list (never switches to it), so every organizations query is refreshed.
 */
export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: number; answer: "accept" | "decline" }) => {
      const endpoint =
        answer === "accept"
          ? organizationsEndpoints.acceptInvitation
          : organizationsEndpoints.declineInvitation;
      return (await api.call(endpoint, { params: { invitationId: id } })).data;
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ORGANIZATIONS_KEY });
    },
  });
}
