import type { TDeliveryAnalyticsQueryInput } from "@sms/domain/contracts/analytics";
import { analyticsEndpoints } from "@sms/domain/endpoints/analytics";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export const ANALYTICS_KEY = ["analytics"] as const;

/** GET /c/analytics/delivery: the period's figures, by day, reason and the chosen breakdown. */
export function useDeliveryAnalytics(query: TDeliveryAnalyticsQueryInput) {
  return useQuery({
    queryKey: [...ANALYTICS_KEY, "delivery", query],
    queryFn: async () => (await api.call(analyticsEndpoints.delivery, { query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /c/analytics/number-history, page after page (older messages on demand); off without a number. */
export function useNumberHistory(phone: string | undefined) {
  return useInfiniteQuery({
    queryKey: [...ANALYTICS_KEY, "number-history", phone],
    enabled: Boolean(phone),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      (
        await api.call(analyticsEndpoints.numberHistory, {
          query: { phone: phone ?? "", ...(pageParam ? { before: pageParam } : {}) },
        })
      ).data,
    getNextPageParam: (last) => last.next ?? undefined,
    retry: false,
  });
}
