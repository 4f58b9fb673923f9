import { schema } from "@sms/db";
import {
  type Locale,
  SUPPRESSION_REASONS,
  type SuppressionExportFormat,
  type SuppressionReason,
  suppressionExportColumns,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { walkByKeyset } from "../../platform/keyset.ts";
import { type SpreadsheetInWorker, spreadsheetInWorker } from "../../platform/spreadsheet-worker.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { contentDisposition } from "../files/index.ts";
import type { SuppressionExportRow } from "./export-suppressions.task.ts";
import { reasonLabel } from "./present.ts";

const EXPORT_TASK = new URL("./export-suppressions.task.ts", import.meta.url);

export interface ExportSuppressionsOptions {
  scope: TenantScope;
  format: SuppressionExportFormat;
  locale: Locale;
  /** Rows per query while walking the list; 5,000 by default. */
  batchSize?: number;
}

export interface ExportSuppressionsResult extends SpreadsheetInWorker {
  contentType: string;
  disposition: string;
}

/**
 * The organization's suppression list as CSV or XLSX, newest first, streamed: walked by keyset on
 * (created_at, msisdn) in batches, so the server never holds the whole list; a heavy-work thread
 * formats the rows and writes the file (ADR 30), the reasons' labels resolved here.
 */
export function exportSuppressions({
  scope,
  format,
  locale,
  batchSize = 5000,
}: ExportSuppressionsOptions): ExportSuppressionsResult {
  const s = schema.suppressions;
  async function* rows(): AsyncGenerator<SuppressionExportRow[]> {
    for await (const batch of walkByKeyset(scope.db, {
      table: s,
      where: scope.where(s),
      batchSize,
      order: "desc",
      time: s.createdAt,
      id: s.msisdn,
    })) {
      yield batch.map(({ msisdn, reason, code, createdAt }) => ({ msisdn, reason, code, createdAt }));
    }
  }
  const reasons = Object.fromEntries(
    SUPPRESSION_REASONS.map((reason) => [reason, reasonLabel(reason, locale)]),
  ) as Record<SuppressionReason, string>;
  const file = spreadsheetInWorker({
    task: EXPORT_TASK,
    input: { format, sheetName: "suppressions", columns: suppressionExportColumns(locale), reasons },
    batches: rows(),
    key: `org:${scope.organizationId}`,
  });
  return {
    ...file,
    contentType: format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime,
    disposition: contentDisposition(`suppressions.${format}`, format),
  };
}
