import type { TMessageResponse, TResetPasswordRequest } from "@sms/domain/contracts/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: TResetPasswordRequest) =>
      (await api.post<TMessageResponse>("/c/guest/reset-password", input, { auth: false })).data,
  });
}
