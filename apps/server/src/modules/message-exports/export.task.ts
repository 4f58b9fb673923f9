import type { SpreadsheetTaskInput } from "../../platform/spreadsheet-task.ts";
import { writeSpreadsheet } from "../../platform/spreadsheet-task.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";
import { type MessageExportLabels, type MessageExportRow, messageCells } from "./export-cells.ts";

/** Runs in a heavy-work thread (ADR 30): the messages report's rows into a CSV or XLSX file. */
export default function messageExportTask(
  input: SpreadsheetTaskInput & { labels: MessageExportLabels },
  port: TaskPort,
) {
  return writeSpreadsheet<MessageExportRow>(input, port, (row) => messageCells(row, input.labels));
}
