import { once } from "node:events";
import { PassThrough, pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import ExcelJS from "exceljs";

/** One exported row's cells, already protected against formula injection by the caller (DESIGN §8). */
export type SheetCells = readonly string[];

/** Resolves when the stream can take more, or has been closed (the client went away). */
async function writable(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return;
  const ac = new AbortController();
  await Promise.race([
    once(stream, "drain", { signal: ac.signal }),
    once(stream, "close", { signal: ac.signal }),
  ]).finally(() => ac.abort());
}

/** Batches of rows as a CSV stream with a header line. */
export function csvStream(columns: readonly string[], rows: AsyncIterable<SheetCells[]>): Readable {
  async function* records() {
    for await (const batch of rows) yield* batch;
  }
  // The BOM makes Excel read the file as UTF-8, so Thai text opens correctly.
  const stringifier = stringify({ bom: true, header: true, columns: [...columns] });
  // On an error (or the client leaving) pipeline destroys both ends, which ends the response.
  pipeline(Readable.from(records()), stringifier, () => {});
  return stringifier;
}

/** Batches of rows as a one-sheet XLSX stream, written as they come, waiting when the client reads slowly. */
export function xlsxStream(
  sheetName: string,
  columns: readonly string[],
  rows: AsyncIterable<SheetCells[]>,
): Readable {
  const out = new PassThrough();
  // Inline strings and no styles: nothing is kept per row, so memory stays flat for any size.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...columns]).commit();
  void (async () => {
    for await (const batch of rows) {
      if (out.destroyed) return;
      for (const cells of batch) sheet.addRow([...cells]).commit();
      await writable(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
