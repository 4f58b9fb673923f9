/**
 * Issue 15 points 2–3: the messages report (/reports/messages and /reports/messages/headers) with
 * its totals, server-side sort, filters, pages and its exports (direct or in the background).
 */

export { useSeesAllSends } from "./api/scope";
export { ExportControls } from "./components/export-controls";
export { MessagesReport } from "./components/messages-report";
export { MessagesReportIntro } from "./components/report-intro";
