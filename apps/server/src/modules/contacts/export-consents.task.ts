import { toLocalPhone } from "@sms/domain/rules/phone";
import { protectCell } from "@sms/domain/rules/spreadsheet-cell";
import type { SheetCell } from "../../platform/spreadsheet-stream.ts";
import { type SpreadsheetTaskInput, writeSpreadsheet } from "../../platform/spreadsheet-task.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";

/** What the main thread sends per consent entry: the exported columns only. */
export interface ConsentExportRow {
  msisdn: string;
  kind: string;
  source: string;
  statement: string | null;
  wordingVersion: number | null;
  createdAt: Date;
}

/** The kinds' and sources' labels in the reader's language, and what an opt-in without its text says. */
export interface ConsentLabels {
  kinds: Record<string, string>;
  sources: Record<string, string>;
  /** An opt-in recorded before every opt-in had its text (ADR 108). */
  notRecorded: string;
}

/** One exported row; every text cell is protected against formula injection (DESIGN §8), the time a date cell. */
export function consentCells(row: ConsentExportRow, labels: ConsentLabels): SheetCell[] {
  return [
    protectCell(toLocalPhone(row.msisdn)),
    protectCell(labels.kinds[row.kind] ?? row.kind),
    protectCell(labels.sources[row.source] ?? row.source),
    protectCell(row.statement ?? (row.kind === "opt_in" ? labels.notRecorded : "")),
    row.wordingVersion ?? "",
    row.createdAt,
  ];
}

/** Runs in a heavy-work thread (ADR 30): the consent records into a CSV or XLSX file. */
export default function consentExportTask(
  input: SpreadsheetTaskInput & { labels: ConsentLabels },
  port: TaskPort,
) {
  return writeSpreadsheet<ConsentExportRow>(input, port, (row) => consentCells(row, input.labels));
}
