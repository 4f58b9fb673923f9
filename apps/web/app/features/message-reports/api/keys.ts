/** TanStack Query keys of the messages report: every list page, summary and export under one prefix. */
export const MESSAGE_REPORTS_KEY = ["message-reports"] as const;
export const MESSAGE_REPORT_LIST_KEY = [...MESSAGE_REPORTS_KEY, "list"] as const;
export const messageReportSummaryKey = (filters: Record<string, string | undefined>) =>
  [...MESSAGE_REPORTS_KEY, "summary", filters] as const;
/** The recent background exports (GET /c/message-exports). */
export const MESSAGE_EXPORTS_KEY = [...MESSAGE_REPORTS_KEY, "exports"] as const;
