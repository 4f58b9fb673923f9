import { once } from "node:events";
import { PassThrough, pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { setDateFormat, zipCaughtUp } from "./exceljs-internals.ts";

/**
 * One exported cell: text (already protected against formula injection by the caller, DESIGN §8),
 * a number (a SUM adds it up), or an instant (a date cell, in Bangkok time).
 */
export type SheetCell = string | number | Date;
export type SheetCells = readonly SheetCell[];

/** A column of an export: its header in the reader's language and its width in characters. */
export interface SheetColumn {
  header: string;
  width: number;
}

/** Thailand keeps UTC+7 all year; a fixed shift is exact and far cheaper per row than a tz lookup. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** An instant as Bangkok's wall clock, "2026-01-02 10:04:05" (CSV cells and file names). */
export function bangkokTimestamp(date: Date): string {
  return new Date(date.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** How a date cell shows in Excel: the same reading as the CSV's text, whatever the reader's locale. */
export const SHEET_DATE_FORMAT = "yyyy-mm-dd hh:mm:ss";

function csvCell(cell: SheetCell): string {
  if (cell instanceof Date) return bangkokTimestamp(cell);
  return typeof cell === "number" ? String(cell) : cell;
}

/** Excel dates have no time zone: the cell holds Bangkok's wall clock (exceljs writes a Date as UTC). */
function xlsxCell(cell: SheetCell): SheetCell {
  return cell instanceof Date ? new Date(cell.getTime() + BANGKOK_OFFSET_MS) : cell;
}

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
export function csvStream(columns: readonly SheetColumn[], rows: AsyncIterable<SheetCells[]>): Readable {
  async function* records() {
    for await (const batch of rows) for (const cells of batch) yield cells.map(csvCell);
  }
  // The BOM makes Excel read the file as UTF-8, so Thai text opens correctly.
  const stringifier = stringify({ bom: true, header: true, columns: columns.map((column) => column.header) });
  // On an error (or the client leaving) pipeline destroys both ends, which ends the response.
  pipeline(Readable.from(records()), stringifier, () => {});
  return stringifier;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows under the header that one sheet holds (Excel's limit is 1,048,576 rows with the header). */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

/**
 * Batches of rows as an XLSX stream (one sheet, more past Excel's row limit), written as they come,
 * waiting when the client reads slowly. exceljs is loaded here, not with the module: it costs a
 * worker about 0.4 s of CPU, which a CSV export does not need (ADR 123).
 */
export async function xlsxStream(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: AsyncIterable<SheetCells[]>,
  { maxRowsPerSheet = XLSX_MAX_DATA_ROWS }: { maxRowsPerSheet?: number } = {},
): Promise<Readable> {
  const { default: ExcelJS } = await import("exceljs");
  const out = new PassThrough();
  // Inline strings and no styles: nothing is kept per row, so memory stays flat for any size.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  // Every date cell shares one style: it shows the time too.
  setDateFormat(workbook, SHEET_DATE_FORMAT);
  let sheets = 0;
  let sheetRows = 0;
  const nextSheet = () => {
    sheets += 1;
    sheetRows = 0;
    // The header stays in view while scrolling; the widths are set before the first row is written.
    const added = workbook.addWorksheet(sheets === 1 ? sheetName : `${sheetName} (${sheets})`, {
      views: [{ state: "frozen", ySplit: 1 }],
    });
    added.columns = columns.map((column) => ({ width: column.width }));
    added.addRow(columns.map((column) => column.header)).commit();
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
        sheet.addRow(cells.map(xlsxCell)).commit();
        sheetRows += 1;
      }
      await nextTurn();
      await zipCaughtUp(sheet, out);
      await writable(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
