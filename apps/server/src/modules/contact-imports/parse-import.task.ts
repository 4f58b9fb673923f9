import { spreadsheetRows } from "../../platform/spreadsheet-rows.ts";
import { openCallerFile } from "../../platform/worker-file.ts";
import type { TaskPort } from "../../platform/worker-pool.ts";
import { classifyImportRows } from "./classify-rows.ts";
import type { StagingRow } from "./staging-copy.ts";

export interface ParseTaskInput {
  type: "csv" | "xlsx";
  /** CONTACT_IMPORT_MAX_ROWS, passed in so the worker need not load the contracts. */
  maxRows: number;
}

export interface ParseTaskResult {
  total: number;
  encoding: string;
}

/** Rows per event to the caller: few round trips, and still a small slice of a million rows. */
const ROWS_PER_EVENT = 2_000;

/**
 * The parse worker of a contact import (ADR 30): reads the stored file through the caller, within
 * the file budgets, classifies its rows and streams them to the caller in batches (`{ rows }`),
 * which COPYs them into staging. Nothing here touches the database.
 */
export default async function parseImportTask(
  input: ParseTaskInput,
  port: TaskPort,
): Promise<ParseTaskResult> {
  const opened = await spreadsheetRows(input.type, () => openCallerFile(port));
  let batch: StagingRow[] = [];
  const total = await classifyImportRows(opened.rows, input.maxRows, async (row) => {
    batch.push(row);
    if (batch.length < ROWS_PER_EVENT) return;
    const full = batch;
    batch = [];
    await port.emit({ rows: full });
  });
  if (batch.length > 0) await port.emit({ rows: batch });
  return { total, encoding: opened.encoding };
}
