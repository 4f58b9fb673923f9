import type { MESSAGE_REPORT_SORT } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { messageReportSummaryKey } from "./keys";

/**
 * The report's filters in its URL: the period, phone, status and type of its filter form, and the
 * delivery analytics' figure filters (a campaign, sender, operator or failure reason, ADR 95), shown
 * as removable chips.
 */
export const REPORT_FILTERS = [
  "start",
  "end",
  "phone",
  "status",
  "type",
  "campaign_id",
  "sender",
  "operator",
  "reason",
] as const;
export const FIGURE_FILTERS = ["campaign_id", "sender", "operator", "reason"] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export type ReportFilters = Partial<Record<ReportFilter, string>>;

/** The report's URL state; the server validates the filters (a wrong period or phone is its translated 400). */
export type MessageReportRequest = ReportFilters & {
  page: number;
  size: number;
  sort: (typeof MESSAGE_REPORT_SORT.keys)[number];
  reverse: boolean;
};
type Query = EndpointQuery<typeof campaignsEndpoints.messages>;

/** GET /c/messages: one page of the report (the last 7 days unless a period is given). */
export function useMessageReport(query: MessageReportRequest, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(campaignsEndpoints.messages, { query: query as Query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /c/messages/summary: the totals of the same filter. */
export function useMessageSummary(filters: ReportFilters) {
  return useQuery({
    queryKey: messageReportSummaryKey(filters),
    queryFn: async () =>
      (await api.call(campaignsEndpoints.messagesSummary, { query: filters as Query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
