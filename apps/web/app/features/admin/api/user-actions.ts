import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_USERS_KEY, adminUserKey } from "./keys";

/** The support actions of a user's page; each answers the user as it is now. */
export const USER_ACTIONS = {
  unlock: adminEndpoints.unlockUser,
  endSessions: adminEndpoints.endUserSessions,
  remindVerification: adminEndpoints.remindVerification,
} as const;
export type UserAction = keyof typeof USER_ACTIONS;

export function useUserAction(id: number, action: UserAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(USER_ACTIONS[action], { params: { id } })).data,
    onSuccess: (user) => {
      client.setQueryData(adminUserKey(id), user);
      void client.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
