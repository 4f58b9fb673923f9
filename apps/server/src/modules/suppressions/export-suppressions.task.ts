import type { SuppressionReason } from "@sms/domain";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { protectCell } from "@sms/domain/rules/spreadsheet-cell";
import { type SpreadsheetTaskInput, writeSpreadsheet } from "../../platform/spreadsheet-task.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";

/** What the main thread sends per suppressed number: the exported columns only. */
export interface SuppressionExportRow {
  msisdn: string;
  reason: SuppressionReason;
  code: string | null;
  createdAt: Date;
}

/** Thailand keeps UTC+7 all year; a fixed shift is exact. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

function bangkokTimestamp(date: Date): string {
  return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** One exported row; every cell is protected against formula injection (DESIGN §8). */
export function suppressionCells(
  row: SuppressionExportRow,
  reasons: Record<SuppressionReason, string>,
): string[] {
  return [
    protectCell(toLocalPhone(row.msisdn)),
    protectCell(reasons[row.reason]),
    protectCell(row.code ?? ""),
    protectCell(bangkokTimestamp(row.createdAt)),
  ];
}

/** Runs in a heavy-work thread (ADR 30): the suppression list into a CSV or XLSX file. */
export default function suppressionExportTask(
  input: SpreadsheetTaskInput & { reasons: Record<SuppressionReason, string> },
  port: TaskPort,
) {
  return writeSpreadsheet<SuppressionExportRow>(input, port, (row) => suppressionCells(row, input.reasons));
}
