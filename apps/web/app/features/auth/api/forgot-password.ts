import type { TForgotPasswordRequest, TForgotPasswordResponse } from "@sms/domain/contracts/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export type ForgotPasswordResult = TForgotPasswordResponse["data"];

export function useForgotPassword() {
  return useMutation({
    mutationFn: async (input: TForgotPasswordRequest) =>
      (await api.post<TForgotPasswordResponse>("/c/guest/forgot-password", input, { auth: false })).data,
  });
}
