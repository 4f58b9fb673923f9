import { z } from "zod";
import type { Locale } from "../routes.ts";
import { MESSAGE_STATUS_LABELS } from "../rules/delivery-status.ts";
import { STORED_STATUS_DISPLAY, type StoredMessageStatus } from "../rules/message-status.ts";
import { type MESSAGE_REPORT_SORT, type MessageType, ZMessagesQuery } from "./campaigns.ts";
import { defineSort, listQuery, listResponse } from "./lists.ts";
import { text } from "./text.ts";

/**
 * Exports of the messages report (spec §7 GET /c/messages/export-report; issue 15 point 3; ADR 0025):
 * the same filter as GET /c/messages plus a format. Small exports stream at once; the web asks for a
 * background export (POST /c/message-exports) above MESSAGE_EXPORT_JOB_THRESHOLD rows, which a job
 * writes to storage with its progress, downloadable by the organization's members until it expires.
 */
export const MESSAGE_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type MessageExportFormat = (typeof MESSAGE_EXPORT_FORMATS)[number];
export const MESSAGE_EXPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export type MessageExportStatus = (typeof MESSAGE_EXPORT_STATUSES)[number];

/** Above this many rows the web runs the export as a job instead of a direct download. */
export const MESSAGE_EXPORT_JOB_THRESHOLD = 50_000;
/** How long a finished background export stays downloadable. */
export const MESSAGE_EXPORT_RETENTION_HOURS = 24;

/** Spec §3 message types, as the report and the exports name them. */
export const MESSAGE_TYPE_LABELS = {
  instant: { th: "ส่งทันที", en: "Instant" },
  campaign: { th: "แคมเปญ", en: "Campaign" },
  api: { th: "API", en: "API" },
  otp: { th: "OTP", en: "OTP" },
} as const satisfies Record<MessageType, Record<Locale, string>>;

/**
 * The exported columns, in order, with their headers in each language and their widths in
 * characters. `reason` says why a failed message failed; `campaign` names the campaign (or an API
 * send's tag) a message belongs to.
 */
export const MESSAGE_EXPORT_COLUMNS = [
  { key: "created_at", th: "เวลาที่สร้าง", en: "Created at", width: 20 },
  { key: "sender", th: "ผู้ส่ง", en: "Sender", width: 14 },
  { key: "recipient", th: "ผู้รับ", en: "Recipient", width: 14 },
  { key: "type", th: "ประเภท", en: "Type", width: 11 },
  { key: "message", th: "ข้อความ", en: "Message", width: 60 },
  { key: "credits", th: "เครดิต", en: "Credits", width: 10 },
  { key: "status", th: "สถานะ", en: "Status", width: 18 },
  { key: "reason", th: "สาเหตุที่ส่งไม่สำเร็จ", en: "Failure reason", width: 32 },
  { key: "campaign", th: "แคมเปญ", en: "Campaign", width: 24 },
] as const;

export function messageExportHeaders(locale: Locale): string[] {
  return MESSAGE_EXPORT_COLUMNS.map((column) => column[locale]);
}

/** The columns with their headers in the reader's language and their widths. */
export function messageExportColumns(locale: Locale): { header: string; width: number }[] {
  return MESSAGE_EXPORT_COLUMNS.map((column) => ({ header: column[locale], width: column.width }));
}

export function messageTypeLabel(type: MessageType, locale: Locale): string {
  return MESSAGE_TYPE_LABELS[type][locale];
}

export function messageStatusLabel(status: StoredMessageStatus, locale: Locale): string {
  return MESSAGE_STATUS_LABELS[STORED_STATUS_DISPLAY[status]][locale];
}

const ZFormat = z.preprocess(
  (v) => (v === "" ? undefined : v),
  z.enum(MESSAGE_EXPORT_FORMATS, { error: "contacts.validation.export_format_invalid" }).default("csv"),
);

/** A column the messages report (and so its exports) can be ordered by. */
export type MessageReportSortKey = (typeof MESSAGE_REPORT_SORT.keys)[number];

/**
 * GET /c/messages/export-report and POST /c/message-exports: the list's filter and order (`sort`,
 * `reverse`, the same whitelist as the table) plus `format` (csv by default).
 */
export const ZMessageExportQuery = z.intersection(ZMessagesQuery, z.object({ format: ZFormat }));
export type TMessageExportQuery = z.output<typeof ZMessageExportQuery>;
export type TMessageExportQueryInput = z.input<typeof ZMessageExportQuery>;

/** A background export, as its requester follows it. */
export const ZMessageExport = z.object({
  id: z.string(),
  status: z.enum(MESSAGE_EXPORT_STATUSES),
  format: z.enum(MESSAGE_EXPORT_FORMATS),
  file_name: z.string(),
  total_rows: z.number().int(),
  rows_written: z.number().int(),
  /** 0–100. */
  progress: z.number().int(),
  size_bytes: z.number().int().nullable(),
  /** Why a failed export has no file, translated (its worker ran out of memory or time); else null. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string(),
});
export type TMessageExport = z.infer<typeof ZMessageExport>;
export const ZMessageExportResponse = z.object({ data: ZMessageExport });
export type TMessageExportResponse = z.infer<typeof ZMessageExportResponse>;

/** GET /c/message-exports: the caller's exports not yet expired, newest first by default. */
export const MESSAGE_EXPORT_SORT = defineSort(["created_at"], { key: "created_at", reverse: true });
export const ZMessageExportsQuery = listQuery({ sort: MESSAGE_EXPORT_SORT });
export type TMessageExportsQuery = z.output<typeof ZMessageExportsQuery>;
export type TMessageExportsQueryInput = z.input<typeof ZMessageExportsQuery>;
export const ZMessageExportsResponse = listResponse(ZMessageExport);
export type TMessageExportsResponse = z.infer<typeof ZMessageExportsResponse>;

export const ZMessageExportIdParams = z.object({ id: text().max(64) });
export type TMessageExportIdParams = z.input<typeof ZMessageExportIdParams>;
