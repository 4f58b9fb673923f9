import type { TResetPasswordRequest } from "@sms/domain/contracts/accounts";
import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: TResetPasswordRequest) =>
      (await api.call(guestEndpoints.resetPassword, { body: input })).data,
  });
}
