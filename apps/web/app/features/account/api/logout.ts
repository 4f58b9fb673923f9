import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { type SignOutReason, session, signedOut, signOutNotice } from "~/lib/session";

/**
 * Spec §4 Logout: tell the server, then forget every token whatever it answered; AppProviders
 * drops every cached query and the pages when told the session ended. The sign-in page then says
 * why the person is there (review D53: "signed out", or the terms were declined, D9).
 */
export function useLogout(reason: SignOutReason = "logged_out") {
  return useMutation({
    mutationFn: async () => {
      try {
        await api.call(meEndpoints.logout);
      } catch {
        // Already ended on the server (expired, replaced): signing out locally is what matters.
      }
    },
    onSettled: () => {
      session.clear();
      signOutNotice.set(reason);
      signedOut.announce();
    },
  });
}
