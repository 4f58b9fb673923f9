import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { session, signedOut } from "~/lib/session";

/**
 * Spec §4 Logout: tell the server, then forget every token whatever it answered; AppProviders
 * drops every cached query and the pages when told the session ended.
 */
export function useLogout() {
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
      signedOut.announce();
    },
  });
}
