import { MESSAGE_REPORT_SORT } from "@sms/domain/contracts/campaigns";
import type { TSortState } from "@sms/domain/contracts/lists";
import type {
  MessageExportFormat,
  MessageReportSortKey,
  TMessageExport,
} from "@sms/domain/contracts/message-exports";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { messageExportsEndpoints } from "@sms/domain/endpoints/message-exports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { MESSAGE_EXPORTS_KEY } from "./keys";
import type { ReportFilters } from "./report";

/** How often the recent exports are read again while one is waiting or being written. */
export const EXPORT_POLL_MS = 1000;
/** The recent exports shown: a finished one is kept a day and at most 3 wait at once, so few exist. */
export const RECENT_EXPORTS_SIZE = 10;

type Query = EndpointQuery<typeof messageExportsEndpoints.create>;

/** What an export of the report asks for: the table's filters, its current order and a format. */
export interface ExportRequest {
  filters: ReportFilters & { campaign_id?: string };
  order: TSortState<MessageReportSortKey>;
  format: MessageExportFormat;
}

/**
 * The query of an export, e.g. `{ status: "failed", sort: "credits", reverse: "false", format: "csv" }`:
 * the order only when it is not the default newest first, as the table's URL leaves it out.
 */
export function exportQuery({ filters, order, format }: ExportRequest): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) if (value) query[name] = value;
  const { key, reverse } = MESSAGE_REPORT_SORT.default;
  if (order.sort !== key || order.reverse !== reverse) {
    query.sort = order.sort;
    query.reverse = String(order.reverse);
  }
  query.format = format;
  return query;
}

/** The query string of a streamed export, e.g. `status=failed&sort=credits&reverse=false&format=csv`. */
export function exportSearch(request: ExportRequest): string {
  return new URLSearchParams(exportQuery(request)).toString();
}

/** POST /c/message-exports: a background export of the current filter and order, then shown in the recent exports. */
export function useCreateMessageExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: ExportRequest) =>
      (await api.call(messageExportsEndpoints.create, { query: exportQuery(request) as Query })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: MESSAGE_EXPORTS_KEY }),
  });
}

export const unfinished = (value: TMessageExport) => value.status === "queued" || value.status === "running";

/**
 * GET /c/message-exports: the caller's exports not yet expired, newest first, read again every
 * second while any of them is waiting or being written, and not at all once none is.
 */
export function useRecentExports() {
  return useQuery({
    queryKey: MESSAGE_EXPORTS_KEY,
    queryFn: async () =>
      (await api.call(messageExportsEndpoints.list, { query: { size: RECENT_EXPORTS_SIZE } })).data,
    retry: false,
    refetchInterval: (q) => (q.state.data?.entities.some(unfinished) ? EXPORT_POLL_MS : false),
  });
}
