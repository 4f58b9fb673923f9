import type { TOtpConversionQueryInput } from "@sms/domain/contracts/otp-guard";
import { otpConversionEndpoints } from "@sms/domain/endpoints/otp-guard";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { API_REPORTS_KEY } from "./keys";

/** GET /c/otp-requests/conversion: the period's OTP conversion, by day and sender, and the guard's refusals. */
export function useOtpConversion(query: TOtpConversionQueryInput) {
  return useQuery({
    queryKey: [...API_REPORTS_KEY, "otp-conversion", query],
    queryFn: async () => (await api.call(otpConversionEndpoints.conversion, { query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /c/otp-holds/{prefix}/release: the owner releases a range the SMS-pumping guard holds. */
export function useReleaseOtpHold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (prefix: string) =>
      (await api.call(otpConversionEndpoints.releaseHold, { params: { prefix } })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: [...API_REPORTS_KEY, "otp-conversion"] }),
  });
}
