import type { TForgotPasswordVerifyRequest } from "@sms/domain/contracts/accounts";
import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useVerifyForgotPassword() {
  return useMutation({
    mutationFn: async (input: TForgotPasswordVerifyRequest) =>
      (await api.call(guestEndpoints.verifyForgotPassword, { body: input })).data,
  });
}
