import type { TChangePasswordRequest } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Changes the password; the server ends every session, so the caller signs out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: TChangePasswordRequest) =>
      (await api.call(meEndpoints.changePassword, { body: input })).data,
  });
}
