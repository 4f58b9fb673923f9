import type { TOtpTicketResponse, TVerifyType } from "@sms/domain/contracts/accounts";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Sends a code to the account's current phone or e-mail (register token on /register pages). */
export async function requestVerify(type: TVerifyType) {
  return (await api.get<TOtpTicketResponse>("/c/me/request-verify", { query: { type } })).data;
}

export function useRequestVerify() {
  return useMutation({ mutationFn: requestVerify });
}
