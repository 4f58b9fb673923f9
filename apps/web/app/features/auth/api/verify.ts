import type { TVerifyRequest, TVerifyResponse } from "@sms/domain/contracts/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Confirms a verify or change code. */
export function useVerify() {
  return useMutation({
    mutationFn: async (input: TVerifyRequest) =>
      (await api.post<TVerifyResponse>("/c/me/verify", input)).data,
  });
}
