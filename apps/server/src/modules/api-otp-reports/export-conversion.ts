import {
  type Locale,
  type OtpConversionExportFormat,
  otpConversionExportColumns,
  type TOtpConversionQuery,
  UPLOAD_FILE_TYPES,
} from "@sms/domain";
import { type SpreadsheetInWorker, spreadsheetInWorker } from "../../platform/spreadsheet-worker.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { contentDisposition } from "../files/index.ts";
import { otpConversionRows } from "./conversion.ts";
import type { OtpConversionExportRow } from "./export-conversion.task.ts";

const EXPORT_TASK = new URL("./export-conversion.task.ts", import.meta.url);

export interface OtpConversionExport extends SpreadsheetInWorker {
  contentType: string;
  disposition: string;
}

/**
 * GET /c/otp-requests/conversion/export: the period's (day, sender) groups, counted by the database
 * in one statement (at most 31 days × the senders), written to CSV or XLSX by a heavy-work thread
 * (ADR 30), as the request log's export is.
 */
export async function exportOtpConversion(
  scope: TenantScope,
  query: TOtpConversionQuery,
  format: OtpConversionExportFormat,
  locale: Locale,
): Promise<OtpConversionExport> {
  const rows = await otpConversionRows(scope, query);
  async function* batches(): AsyncGenerator<OtpConversionExportRow[]> {
    for (let i = 0; i < rows.length; i += 5000) yield rows.slice(i, i + 5000);
  }
  const file = spreadsheetInWorker({
    task: EXPORT_TASK,
    input: { format, sheetName: "otp-conversion", columns: otpConversionExportColumns(locale) },
    batches: batches(),
    key: `org:${scope.organizationId}`,
  });
  return {
    ...file,
    contentType: format === "csv" ? "text/csv; charset=utf-8" : UPLOAD_FILE_TYPES.xlsx.mime,
    disposition: contentDisposition(`otp-conversion.${format}`, format),
  };
}
