import type { Readable } from "node:stream";
import { detectCsvEncoding, readCsvRows } from "./read-csv.ts";
import { readXlsxRows, type XlsxCell } from "./read-xlsx.ts";

export type SpreadsheetCell = XlsxCell;

/**
 * The rows of an uploaded CSV (UTF-8 or Windows-874, detected by a first read) or XLSX, streamed
 * within FILE_BUDGETS, and the encoding the preview shows ("xlsx" for a workbook). `open` reads the
 * file from its start each time it is called.
 */
export async function spreadsheetRows(
  type: "csv" | "xlsx",
  open: () => Promise<Readable>,
): Promise<{ rows: AsyncIterable<SpreadsheetCell[]>; encoding: string }> {
  if (type === "xlsx") return { rows: readXlsxRows(open), encoding: "xlsx" };
  const encoding = await detectCsvEncoding(await open());
  return { rows: readCsvRows(await open(), encoding), encoding };
}
