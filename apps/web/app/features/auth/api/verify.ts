import type { TVerifyRequest } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Confirms a verify or change code. */
export function useVerify() {
  return useMutation({
    mutationFn: async (input: TVerifyRequest) => (await api.call(meEndpoints.verify, { body: input })).data,
  });
}
