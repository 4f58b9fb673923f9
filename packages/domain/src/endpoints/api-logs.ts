import { z } from "zod";
import { ZApiLogsExportQuery, ZApiLogsQuery, ZApiLogsResponse } from "../contracts/api-logs.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["api-keys"];
/** The log is a report of every member's integrations: the owner and account service read it. */
const permission = "reports.all";

const exportFile = z.unknown().meta({
  type: "string",
  format: "binary",
  description: "text/csv (UTF-8 with a BOM) or an XLSX workbook, sent as an attachment",
});

/** The public API's request log (issue 27 point 3, ADR 92). */
export const apiLogsEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/c/api-logs",
    auth: "member",
    permission,
    tags,
    summary: "The organization's /api/v2 calls over a period (today unless start/end, at most 31 days)",
    description:
      "Filters: `status` (HTTP status), `endpoint`, `error_code`, `api_key`, `ip` and `message_id` (the call that " +
      "created that message). Sort by created_at (newest first by default), status or latency_ms. Calls are kept 30 " +
      "days and appear within about a second. Never a secret, an OTP code or the Authorization header.",
    query: ZApiLogsQuery,
    responses: { 200: ZApiLogsResponse },
  }),
  export: defineEndpoint({
    method: "GET",
    path: "/c/api-logs/export",
    auth: "member",
    permission,
    tags,
    summary: "Download the calls of the log's filter as CSV or XLSX, streamed",
    description:
      "The same filter and order as GET /c/api-logs plus `format` (csv or xlsx). Columns: time (Bangkok), endpoint, " +
      "HTTP status, error code, latency, API key, IP and message ids; headers in the caller's language. A cell " +
      "that would start a formula is prefixed with an apostrophe.",
    query: ZApiLogsExportQuery,
    responses: { 200: exportFile },
  }),
};
