import { toLocalPhone } from "@sms/domain/rules/phone";
import { protectCell } from "@sms/domain/rules/spreadsheet-cell";
import type { SheetCell } from "../../platform/spreadsheet-stream.ts";
import { type SpreadsheetTaskInput, writeSpreadsheet } from "../../platform/spreadsheet-task.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";

/** What the main thread sends per contact: the exported columns only. */
export interface ContactExportRow {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  createdAt: Date;
}

/**
 * One exported row: every text cell protected against formula injection (DESIGN §8), the phone kept
 * as text (its leading zero), the time a date cell.
 */
export function contactCells(row: ContactExportRow): SheetCell[] {
  return [
    protectCell(row.firstName),
    protectCell(row.lastName),
    protectCell(toLocalPhone(row.phoneNumber)),
    row.createdAt,
  ];
}

/** Runs in a heavy-work thread (ADR 30): a group's contacts into a CSV or XLSX file. */
export default function contactExportTask(input: SpreadsheetTaskInput, port: TaskPort) {
  return writeSpreadsheet<ContactExportRow>(input, port, contactCells);
}
