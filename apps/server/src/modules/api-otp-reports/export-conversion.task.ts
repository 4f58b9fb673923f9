import { protectCell } from "@sms/domain/rules/spreadsheet-cell";
import type { SheetCell } from "../../platform/spreadsheet-stream.ts";
import { type SpreadsheetTaskInput, writeSpreadsheet } from "../../platform/spreadsheet-task.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";

/** What the main thread sends per row: one Bangkok day and sender of the conversion. */
export interface OtpConversionExportRow {
  day: string;
  sender: string;
  requests: number;
  verified: number;
  expired: number;
  failed: number;
  pending: number;
  blocked: number;
  conversion: number | null;
  median_verify_seconds: number | null;
}

/** One exported row; the sender is protected against formula injection (DESIGN §8). */
export function otpConversionCells(row: OtpConversionExportRow): SheetCell[] {
  return [
    row.day,
    protectCell(row.sender),
    row.requests,
    row.verified,
    row.expired,
    row.failed,
    row.pending,
    row.blocked,
    row.conversion === null ? "" : Math.round(row.conversion * 1000) / 10,
    row.median_verify_seconds ?? "",
  ];
}

/** Runs in a heavy-work thread (ADR 30): the OTP conversion into a CSV or XLSX file. */
export default function otpConversionExportTask(input: SpreadsheetTaskInput, port: TaskPort) {
  return writeSpreadsheet<OtpConversionExportRow>(input, port, otpConversionCells);
}
