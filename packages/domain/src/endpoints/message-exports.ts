import { z } from "zod";
import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZMessageExportIdParams,
  ZMessageExportQuery,
  ZMessageExportResponse,
  ZMessageExportsQuery,
  ZMessageExportsResponse,
} from "../contracts/message-exports.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["campaigns"];
const auth = "member";
/** Whoever may read the messages report may export it (a member: its own sends only). */
const permission = "reports.own";

const exportFile = z.unknown().meta({
  type: "string",
  format: "binary",
  description: "text/csv (UTF-8 with a BOM) or an XLSX workbook, sent as an attachment",
});

const COLUMNS =
  "Columns: created time (Bangkok), sender, recipient (local form), type, text, credits and status, " +
  "headers and labels in the caller's language (Accept-Language). A cell that would start a formula " +
  "(= + - @ tab, carriage return, NUL) is prefixed with an apostrophe.";

/** Exports of the messages report (spec §7 /c/messages/export-report; issue 15 point 3; ADR 0025). */
export const messageExportsEndpoints = {
  exportReport: defineEndpoint({
    method: "GET",
    path: "/c/messages/export-report",
    auth,
    permission,
    tags,
    summary: "Download the messages of the report's filter as CSV or XLSX, streamed",
    description: `The same filter as GET /c/messages (period, phone, status, type, campaign_id) plus \`format\` (csv or xlsx), in the table's order: \`sort\` (created_at, sender, recipient, type, credits, status; another key is 400) and \`reverse\`, newest first by default, ties by message id in the same direction. Streamed in constant memory whatever the size; the web uses POST /c/message-exports above 50,000 rows. ${COLUMNS}`,
    query: ZMessageExportQuery,
    responses: { 200: exportFile },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/c/message-exports",
    auth,
    permission,
    tags,
    summary: "Export the messages of the report's filter in the background",
    description: `Query as GET /c/messages/export-report. A job writes the file with its progress; follow it with GET /c/message-exports/{id} and download it from …/file until it expires (24 h). ${COLUMNS}`,
    query: ZMessageExportQuery,
    responses: { 202: ZMessageExportResponse },
  }),
  list: defineEndpoint({
    method: "GET",
    path: "/c/message-exports",
    auth,
    permission,
    tags,
    summary: "The caller's recent background exports",
    description:
      "Exports not yet expired, newest first: the organization's, or only the caller's own for a member limited to its own reports (the rule of GET /c/message-exports/{id}).",
    query: ZMessageExportsQuery,
    responses: { 200: ZMessageExportsResponse },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/c/message-exports/{id}",
    auth,
    permission,
    tags,
    summary: "A background export's status and progress",
    params: ZMessageExportIdParams,
    responses: { 200: ZMessageExportResponse, 404: ZErrorResponse },
  }),
  download: defineEndpoint({
    method: "GET",
    path: "/c/message-exports/{id}/file",
    auth,
    permission,
    tags,
    summary: "Download a finished background export",
    description:
      "409 while it is still being written; 404 for another organization's export or after it expired.",
    params: ZMessageExportIdParams,
    responses: { 200: exportFile, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
};
