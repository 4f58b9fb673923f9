import type { MessageExportFormat, TMessageExport } from "@sms/domain/contracts/message-exports";
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

/** The query string of an export of the current filter, e.g. `format=csv&status=failed`. */
export function exportSearch(filters: ReportFilters, format: MessageExportFormat): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  params.set("format", format);
  return params.toString();
}

/** POST /c/message-exports: a background export of the current filter, then shown in the recent exports. */
export function useCreateMessageExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ filters, format }: { filters: ReportFilters; format: MessageExportFormat }) =>
      (
        await api.call(messageExportsEndpoints.create, {
          query: { ...filters, format } as Query,
        })
      ).data,
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
