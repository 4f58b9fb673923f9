import { toLocalPhone } from "@sms/domain/rules/phone";
import { protectCell } from "@sms/domain/rules/spreadsheet-cell";
import { type SpreadsheetTaskInput, writeSpreadsheet } from "../../platform/spreadsheet-task.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";

/** What the main thread sends per contact: the exported columns only. */
export interface ContactExportRow {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  createdAt: Date;
}

/** Thailand keeps UTC+7 all year; a fixed shift is exact and far cheaper per row than a tz lookup. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

function bangkokTimestamp(date: Date): string {
  return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** One exported row; every cell is protected against formula injection (DESIGN §8). */
export function contactCells(row: ContactExportRow): string[] {
  return [
    protectCell(row.firstName),
    protectCell(row.lastName),
    protectCell(toLocalPhone(row.phoneNumber)),
    protectCell(bangkokTimestamp(row.createdAt)),
  ];
}

/** Runs in a heavy-work thread (ADR 30): a group's contacts into a CSV or XLSX file. */
export default function contactExportTask(input: SpreadsheetTaskInput, port: TaskPort) {
  return writeSpreadsheet<ContactExportRow>(input, port, contactCells);
}
