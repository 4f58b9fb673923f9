import { protectCell } from "@sms/domain/rules/spreadsheet-cell";
import type { SheetCell } from "../../platform/spreadsheet-stream.ts";
import { type SpreadsheetTaskInput, writeSpreadsheet } from "../../platform/spreadsheet-task.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";

/** What the main thread sends per call: the exported columns only. */
export interface ApiLogExportRow {
  createdAt: Date;
  endpoint: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  apiKey: string | null;
  ip: string;
  messageIds: number[];
}

/** One exported row; text cells are protected against formula injection (DESIGN §8), the time a date cell. */
export function apiLogCells(row: ApiLogExportRow): SheetCell[] {
  return [
    row.createdAt,
    protectCell(row.endpoint),
    row.status,
    protectCell(row.errorCode ?? ""),
    row.latencyMs,
    protectCell(row.apiKey ?? ""),
    protectCell(row.ip),
    protectCell(row.messageIds.join(" ")),
  ];
}

/** Runs in a heavy-work thread (ADR 30): the request log into a CSV or XLSX file. */
export default function apiLogExportTask(input: SpreadsheetTaskInput, port: TaskPort) {
  return writeSpreadsheet<ApiLogExportRow>(input, port, apiLogCells);
}
