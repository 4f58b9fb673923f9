import { apiOtpEndpoints } from "@sms/domain/endpoints/api-otp";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { otpRequestKey } from "./keys";

export type OtpRequestsRequest = Partial<Record<"start" | "end" | "phone" | "status", string>> & {
  page: number;
  size: number;
  sort: "created_at";
  reverse: boolean;
};
type Query = EndpointQuery<typeof apiOtpEndpoints.list>;

/** GET /c/otp-requests: the codes sent over the period (the last 7 days unless one is chosen). */
export function useOtpRequests(request: OtpRequestsRequest, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(apiOtpEndpoints.list, { query: request as Query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /c/otp-requests/{id}: one code with its SMS's delivery; read again while the SMS is on its way. */
export function useOtpRequest(id: number) {
  return useQuery({
    queryKey: otpRequestKey(id),
    queryFn: async () => (await api.call(apiOtpEndpoints.get, { params: { id } })).data,
    retry: false,
    refetchInterval: (q) => {
      const status = q.state.data?.message?.status;
      return status === "queued" || status === "sent" ? 3000 : false;
    },
  });
}
