import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { session } from "~/lib/session";

/** Spec §4 Logout: tell the server, then forget the user and every token whatever it answered. */
export function useLogout() {
  const client = useQueryClient();
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
      client.clear();
    },
  });
}
