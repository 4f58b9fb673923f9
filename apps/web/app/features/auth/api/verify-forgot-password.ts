import type {
  TForgotPasswordVerifyRequest,
  TForgotPasswordVerifyResponse,
} from "@sms/domain/contracts/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useVerifyForgotPassword() {
  return useMutation({
    mutationFn: async (input: TForgotPasswordVerifyRequest) =>
      (
        await api.post<TForgotPasswordVerifyResponse>("/c/guest/forgot-password/verify", input, {
          auth: false,
        })
      ).data,
  });
}
