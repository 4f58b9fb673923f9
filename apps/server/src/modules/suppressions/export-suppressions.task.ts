import type { SuppressionReason } from "@sms/domain";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { protectCell } from "@sms/domain/rules/spreadsheet-cell";
import type { SheetCell } from "../../platform/spreadsheet-stream.ts";
import { type SpreadsheetTaskInput, writeSpreadsheet } from "../../platform/spreadsheet-task.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";

/** What the main thread sends per suppressed number: the exported columns only. */
export interface SuppressionExportRow {
  msisdn: string;
  reason: SuppressionReason;
  code: string | null;
  createdAt: Date;
}

/** One exported row; every text cell is protected against formula injection (DESIGN §8), the time a date cell. */
export function suppressionCells(
  row: SuppressionExportRow,
  reasons: Record<SuppressionReason, string>,
): SheetCell[] {
  return [
    protectCell(toLocalPhone(row.msisdn)),
    protectCell(reasons[row.reason]),
    protectCell(row.code ?? ""),
    row.createdAt,
  ];
}

/** Runs in a heavy-work thread (ADR 30): the suppression list into a CSV or XLSX file. */
export default function suppressionExportTask(
  input: SpreadsheetTaskInput & { reasons: Record<SuppressionReason, string> },
  port: TaskPort,
) {
  return writeSpreadsheet<SuppressionExportRow>(input, port, (row) => suppressionCells(row, input.reasons));
}
