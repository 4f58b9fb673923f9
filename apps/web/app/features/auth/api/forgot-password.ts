import type { TForgotPasswordRequest } from "@sms/domain/contracts/accounts";
import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useForgotPassword() {
  return useMutation({
    mutationFn: async (input: TForgotPasswordRequest) =>
      (await api.call(guestEndpoints.forgotPassword, { body: input })).data,
  });
}
