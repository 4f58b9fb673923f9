import type { Readable } from "node:stream";
import {
  type Locale,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type MessageExportFormat,
  messageExportHeaders,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { z } from "zod";
import { csvStream, xlsxStream } from "../../platform/spreadsheet-stream.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import type { MessageFilter } from "../campaigns/index.ts";
import { contentDisposition } from "../files/index.ts";
import { exportFileName, messageExportRows } from "./export-rows.ts";

export interface MessageExportFile {
  stream: Readable;
  contentType: string;
  disposition: string;
  fileName: string;
}

export interface StreamExportOptions {
  scope: TenantScope;
  filter: MessageFilter;
  format: MessageExportFormat;
  locale: Locale;
  batchSize?: number;
  onProgress?: (rows: number) => Promise<void> | void;
}

export const contentTypeOf = (format: MessageExportFormat) =>
  format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime;

/** The filter's messages as a CSV (with a BOM, so Excel reads Thai) or XLSX stream, in constant memory. */
export function streamMessageExport({
  scope,
  filter,
  format,
  locale,
  batchSize,
  onProgress,
}: StreamExportOptions): MessageExportFile {
  const rows = messageExportRows({
    scope,
    filter,
    locale,
    ...(batchSize ? { batchSize } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
  const headers = messageExportHeaders(locale);
  const fileName = exportFileName(filter, format);
  return {
    stream: format === "csv" ? csvStream(headers, rows) : xlsxStream("messages", headers, rows),
    contentType: contentTypeOf(format),
    disposition: contentDisposition(fileName, format),
    fileName,
  };
}

/** A filter as stored with a background export (instants as ISO text), checked again when read. */
const ZStoredFilter = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  type: z.enum(MESSAGE_TYPES).optional(),
  phone: z.string().optional(),
  campaignId: z.number().int().optional(),
  ownUserId: z.number().int().nullable(),
});

export function filterToJson(filter: MessageFilter): z.input<typeof ZStoredFilter> {
  return ZStoredFilter.parse({ ...filter, start: filter.start.toISOString(), end: filter.end.toISOString() });
}

export function filterFromJson(json: unknown): MessageFilter {
  const value = ZStoredFilter.parse(json);
  return { ...value, start: new Date(value.start), end: new Date(value.end) };
}
