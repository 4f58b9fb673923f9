import { apiLogsEndpoints } from "@sms/domain/endpoints/api-logs";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** The filters the log's URL keeps. */
export const API_LOG_FILTERS = [
  "start",
  "end",
  "status",
  "endpoint",
  "error_code",
  "api_key",
  "ip",
  "message_id",
] as const;
export type ApiLogFilter = (typeof API_LOG_FILTERS)[number];

export type ApiLogsRequest = Partial<Record<ApiLogFilter, string>> & {
  page: number;
  size: number;
  sort: "created_at" | "status" | "latency_ms";
  reverse: boolean;
};
type Query = EndpointQuery<typeof apiLogsEndpoints.list>;

/** How often the log is read again while it shows the latest calls (they arrive within a second). */
export const API_LOGS_REFRESH_MS = 5000;

/** GET /c/api-logs: the organization's calls over the period (today unless one is chosen). */
export function useApiLogs(request: ApiLogsRequest, queryKey: readonly unknown[], live: boolean) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(apiLogsEndpoints.list, { query: request as Query })).data,
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: live ? API_LOGS_REFRESH_MS : false,
  });
}
