import type { Readable } from "node:stream";
import {
  type Locale,
  MESSAGE_REPORT_SORT,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  type MessageExportFormat,
  messageExportColumns,
  messageStatusLabel,
  messageTypeLabel,
  STORED_MESSAGE_STATUSES,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { z } from "zod";
import { type SpreadsheetInWorker, spreadsheetInWorker } from "../../platform/spreadsheet-worker.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import type { MessageFilter } from "../campaigns/index.ts";
import { contentDisposition } from "../files/index.ts";
import type { MessageExportLabels } from "./export-cells.ts";
import { exportFileName, messageExportRows } from "./export-rows.ts";
import { type MessageOrder, NEWEST_FIRST } from "./walk-messages.ts";

const EXPORT_TASK = new URL("./export.task.ts", import.meta.url);

export interface MessageExportFile extends SpreadsheetInWorker {
  stream: Readable;
  contentType: string;
  disposition: string;
  fileName: string;
}

export interface StreamExportOptions {
  scope: TenantScope;
  filter: MessageFilter;
  order: MessageOrder;
  format: MessageExportFormat;
  locale: Locale;
  batchSize?: number;
  onProgress?: (rows: number) => Promise<void> | void;
  /** The export's worker is stopped after this long (a background job's expiry). */
  timeoutMs?: number;
  /** The worker's heap cap; EXPORT_HEAP_MB by default. */
  heapMb?: number;
}

export const contentTypeOf = (format: MessageExportFormat) =>
  format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime;

function labelsOf(locale: Locale): MessageExportLabels {
  const labels = <K extends string>(keys: readonly K[], label: (key: K) => string) =>
    Object.fromEntries(keys.map((key) => [key, label(key)])) as Record<K, string>;
  return {
    locale,
    type: labels(MESSAGE_TYPES, (type) => messageTypeLabel(type, locale)),
    status: labels(STORED_MESSAGE_STATUSES, (status) => messageStatusLabel(status, locale)),
  };
}

/**
 * The filter's messages in the table's order as a CSV (with a BOM, so Excel reads Thai) or XLSX
 * stream, in constant memory: this thread reads the batches, a heavy-work thread formats and writes
 * the file (ADR 30), one export per organization at a time.
 */
export function streamMessageExport({
  scope,
  filter,
  order,
  format,
  locale,
  batchSize,
  onProgress,
  timeoutMs,
  heapMb,
}: StreamExportOptions): MessageExportFile {
  const fileName = exportFileName(filter, format);
  const file = spreadsheetInWorker({
    task: EXPORT_TASK,
    input: {
      format,
      sheetName: "messages",
      columns: messageExportColumns(locale),
      labels: labelsOf(locale),
    },
    batches: messageExportRows({ scope, filter, order, ...(batchSize ? { batchSize } : {}) }),
    key: `org:${scope.organizationId}`,
    ...(onProgress ? { onProgress } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(heapMb ? { heapMb } : {}),
  });
  return {
    ...file,
    contentType: contentTypeOf(format),
    disposition: contentDisposition(fileName, format),
    fileName,
  };
}

/**
 * What a background export stores in its `filter` column: the filter (instants as ISO text) and the
 * table's order, checked again when read. An export stored before exports followed the sort has no
 * order and keeps the newest first it was asked with.
 */
const ZStoredRequest = z.object({
  start: z.iso.datetime(),
  end: z.iso.datetime(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  type: z.enum(MESSAGE_TYPES).optional(),
  phone: z.string().optional(),
  campaignId: z.number().int().optional(),
  sender: z.string().optional(),
  operator: z.string().optional(),
  reason: z.object({ state: z.number().int(), code: z.string() }).optional(),
  ownUserId: z.number().int().nullable(),
  sort: z.enum(MESSAGE_REPORT_SORT.keys).default(NEWEST_FIRST.sort),
  reverse: z.boolean().default(NEWEST_FIRST.reverse),
});

export function requestToJson(filter: MessageFilter, order: MessageOrder): z.input<typeof ZStoredRequest> {
  return ZStoredRequest.parse({
    ...filter,
    ...order,
    start: filter.start.toISOString(),
    end: filter.end.toISOString(),
  });
}

export function requestFromJson(json: unknown): { filter: MessageFilter; order: MessageOrder } {
  const { sort, reverse, ...value } = ZStoredRequest.parse(json);
  return {
    filter: { ...value, start: new Date(value.start), end: new Date(value.end) },
    order: { sort, reverse },
  };
}
