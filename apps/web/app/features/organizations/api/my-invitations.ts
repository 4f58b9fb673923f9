import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { myInvitationsKey } from "./keys";

/** Invitations waiting for the signed-in user's verified e-mail (ADR 33), newest first. */
export function useMyInvitations() {
  return useQuery({
    queryKey: myInvitationsKey,
    queryFn: async () => (await api.call(organizationsEndpoints.myInvitations)).data,
    staleTime: 60_000,
    retry: false,
  });
}
