import type { MessageExportFormat, TMessageExport } from "@sms/domain/contracts/message-exports";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { messageExportsEndpoints } from "@sms/domain/endpoints/message-exports";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { messageExportKey } from "./keys";
import type { ReportFilters } from "./report";

/** How often a running background export is read again. */
export const EXPORT_POLL_MS = 1000;

type Query = EndpointQuery<typeof messageExportsEndpoints.create>;

/** The query string of an export of the current filter, e.g. `format=csv&status=failed`. */
export function exportSearch(filters: ReportFilters, format: MessageExportFormat): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  params.set("format", format);
  return params.toString();
}

/** POST /c/message-exports: a background export of the current filter. */
export function useCreateMessageExport() {
  return useMutation({
    mutationFn: async ({ filters, format }: { filters: ReportFilters; format: MessageExportFormat }) =>
      (
        await api.call(messageExportsEndpoints.create, {
          query: { ...filters, format } as Query,
        })
      ).data,
  });
}

const settled = (value: TMessageExport | undefined) => value?.status === "done" || value?.status === "failed";

/** GET /c/message-exports/{id}, read every second until it is done or failed. */
export function useMessageExport(id: string | null) {
  return useQuery({
    queryKey: messageExportKey(id ?? ""),
    queryFn: async () => (await api.call(messageExportsEndpoints.get, { params: { id: id ?? "" } })).data,
    enabled: id !== null,
    retry: false,
    refetchInterval: (q) => (settled(q.state.data) ? false : EXPORT_POLL_MS),
  });
}
