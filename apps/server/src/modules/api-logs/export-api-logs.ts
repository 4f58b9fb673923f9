import { schema } from "@sms/db";
import {
  type ApiLogExportFormat,
  apiLogExportColumns,
  type Locale,
  type TApiLogsQuery,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { walkByKeyset } from "../../platform/keyset.ts";
import { type SpreadsheetInWorker, spreadsheetInWorker } from "../../platform/spreadsheet-worker.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { contentDisposition } from "../files/index.ts";
import type { ApiLogExportRow } from "./export-api-logs.task.ts";
import { apiLogWhere } from "./list-api-logs.ts";

const EXPORT_TASK = new URL("./export-api-logs.task.ts", import.meta.url);
const l = schema.apiRequestLogs;

export interface ExportApiLogsOptions {
  scope: TenantScope;
  query: TApiLogsQuery;
  format: ApiLogExportFormat;
  locale: Locale;
  batchSize?: number;
}

export interface ExportApiLogsResult extends SpreadsheetInWorker {
  contentType: string;
  disposition: string;
}

/**
 * The calls of the log's filter as CSV or XLSX, in the list's order, streamed: walked by keyset
 * (the sort column, then id) in batches, written by a heavy-work thread (ADR 30).
 */
export async function exportApiLogs({
  scope,
  query,
  format,
  locale,
  batchSize = 5000,
}: ExportApiLogsOptions): Promise<ExportApiLogsResult> {
  const where = await apiLogWhere(scope, query);
  const time = query.sort === "status" ? l.status : query.sort === "latency_ms" ? l.latencyMs : l.createdAt;
  async function* rows(): AsyncGenerator<ApiLogExportRow[]> {
    for await (const batch of walkByKeyset(scope.db, {
      table: l,
      where,
      batchSize,
      order: query.reverse ? "desc" : "asc",
      time,
      id: l.id,
    })) {
      yield batch.map((row) => ({
        createdAt: row.createdAt,
        endpoint: row.endpoint,
        status: row.status,
        errorCode: row.errorCode,
        latencyMs: row.latencyMs,
        apiKey: row.apiKey,
        ip: row.ip,
        messageIds: row.messageIds.map(Number),
      }));
    }
  }
  const file = spreadsheetInWorker({
    task: EXPORT_TASK,
    input: { format, sheetName: "api-logs", columns: apiLogExportColumns(locale) },
    batches: rows(),
    key: `org:${scope.organizationId}`,
  });
  return {
    ...file,
    contentType: format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime,
    disposition: contentDisposition(`api-logs.${format}`, format),
  };
}
