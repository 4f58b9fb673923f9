import type { Readable } from "node:stream";
import { schema } from "@sms/db";
import {
  type Locale,
  protectCell,
  SUPPRESSION_EXPORT_COLUMNS,
  type SuppressionExportFormat,
  toLocalPhone,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { walkByKeyset } from "../../platform/keyset.ts";
import { csvStream, xlsxStream } from "../../platform/spreadsheet-stream.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { contentDisposition } from "../files/index.ts";
import { reasonLabel } from "./present.ts";

export interface ExportSuppressionsOptions {
  scope: TenantScope;
  format: SuppressionExportFormat;
  locale: Locale;
  /** Rows per query while walking the list; 5,000 by default. */
  batchSize?: number;
}

export interface ExportSuppressionsResult {
  stream: Readable;
  contentType: string;
  disposition: string;
}

type SuppressionRow = typeof schema.suppressions.$inferSelect;
type Cells = [string, string, string, string];

/** Thailand keeps UTC+7 all year; a fixed shift is exact. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

function bangkokTimestamp(date: Date): string {
  return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** One exported row; every cell is protected against formula injection (DESIGN §8). */
function cellsOf(row: SuppressionRow, locale: Locale): Cells {
  return [
    protectCell(toLocalPhone(row.msisdn)),
    protectCell(reasonLabel(row.reason, locale)),
    protectCell(row.code ?? ""),
    protectCell(bangkokTimestamp(row.createdAt)),
  ];
}

/**
 * The organization's suppression list as CSV or XLSX, newest first, streamed: walked by keyset on
 * (created_at, msisdn) in batches, so the server never holds the whole list.
 */
export function exportSuppressions({
  scope,
  format,
  locale,
  batchSize = 5000,
}: ExportSuppressionsOptions): ExportSuppressionsResult {
  const s = schema.suppressions;
  async function* rows(): AsyncGenerator<Cells[]> {
    for await (const batch of walkByKeyset(scope.db, {
      table: s,
      where: scope.where(s),
      batchSize,
      order: "desc",
      time: s.createdAt,
      id: s.msisdn,
    })) {
      yield batch.map((row) => cellsOf(row, locale));
    }
  }
  return {
    stream:
      format === "csv"
        ? csvStream(SUPPRESSION_EXPORT_COLUMNS, rows())
        : xlsxStream("suppressions", SUPPRESSION_EXPORT_COLUMNS, rows()),
    contentType: format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime,
    disposition: contentDisposition(`suppressions.${format}`, format),
  };
}
