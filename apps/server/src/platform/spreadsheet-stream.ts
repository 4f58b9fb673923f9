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

/** The parts of exceljs' worksheet stream (a StreamBuf) the XLSX writer watches: where rows wait, and the zip entry they go to. */
interface SheetStream {
  buffers?: unknown[];
  pipes?: NodeJS.WritableStream[];
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Waits until the zip has taken in what the sheet wrote. exceljs' worksheet stream pushes into the
 * zip entry without looking at its backpressure, and the deflate runs on the thread pool: a source
 * that answers without giving the event loop a turn (PGlite in the same process) would pile the
 * whole sheet up in memory before the first byte went out.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const stream = (sheet as unknown as { stream?: SheetStream }).stream;
  for (let turns = 0; turns < 10_000; turns++) {
    const pipes = (stream?.pipes ?? []) as (NodeJS.WritableStream & Partial<PassThrough>)[];
    const behind = pipes.find((pipe) => pipe.writableNeedDrain && !pipe.destroyed);
    if (behind) {
      const ac = new AbortController();
      await Promise.race([
        once(behind, "drain", { signal: ac.signal }),
        once(behind, "close", { signal: ac.signal }),
      ]).finally(() => ac.abort());
      continue;
    }
    // Before the zip opens the sheet's entry, its rows wait in the stream's own buffers.
    if (pipes.length === 0 && (stream?.buffers?.length ?? 0) > 1) {
      await nextTurn();
      continue;
    }
    return;
  }
}

/** Rows under the header that one sheet holds (Excel's limit is 1,048,576 rows with the header). */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

/** Batches of rows as an XLSX stream (one sheet, more past Excel's row limit), written as they come, waiting when the client reads slowly. */
export function xlsxStream(
  sheetName: string,
  columns: readonly string[],
  rows: AsyncIterable<SheetCells[]>,
  { maxRowsPerSheet = XLSX_MAX_DATA_ROWS }: { maxRowsPerSheet?: number } = {},
): Readable {
  const out = new PassThrough();
  // Inline strings and no styles: nothing is kept per row, so memory stays flat for any size.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  let sheets = 0;
  let sheetRows = 0;
  const nextSheet = () => {
    sheets += 1;
    sheetRows = 0;
    const added = workbook.addWorksheet(sheets === 1 ? sheetName : `${sheetName} (${sheets})`);
    added.addRow([...columns]).commit();
    return added;
  };
  let sheet = nextSheet();
  void (async () => {
    for await (const batch of rows) {
      if (out.destroyed) return;
      for (const cells of batch) {
        // Excel opens at most 1,048,576 rows per sheet: a longer export goes on in another sheet.
        if (sheetRows === maxRowsPerSheet) {
          sheet.commit();
          sheet = nextSheet();
        }
        sheet.addRow([...cells]).commit();
        sheetRows += 1;
      }
      await nextTurn();
      await zipCaughtUp(sheet);
      await writable(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
