import type { TOtpDenyRangeInput } from "@sms/domain/contracts/otp-guard";
import { otpDenyRangesEndpoints } from "@sms/domain/endpoints/otp-guard";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_OTP_DENY_RANGES_KEY } from "./keys";

/** The number ranges no OTP code may go to (issue 28 point 2, ADR 98). */
export function useOtpDenyRanges() {
  return useQuery({
    queryKey: ADMIN_OTP_DENY_RANGES_KEY,
    queryFn: async () => (await api.call(otpDenyRangesEndpoints.list, {})).data.entities,
  });
}

export function useReplaceOtpDenyRanges() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ranges: TOtpDenyRangeInput[]) =>
      (await api.call(otpDenyRangesEndpoints.replace, { body: { ranges } })).data.entities,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ADMIN_OTP_DENY_RANGES_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
