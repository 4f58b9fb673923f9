import { createRequire } from "node:module";
import { type Duplex, pipeline, type Readable, Transform } from "node:stream";
import type ExcelJS from "exceljs";
import { checkCellLength, FILE_BUDGETS, FileBudgetExceeded } from "./file-budgets.ts";
import { checkWorkbookDirectory, readTail, zipDirectory } from "./zip-directory.ts";

export type XlsxCell = string | number | null;

/** A cell as the importer needs it: numbers stay numbers (for recovery), everything else is text. */
function cellValue(value: ExcelJS.CellValue): XlsxCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    checkCellLength(value);
    return value;
  }
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) {
    const text = value.richText.map((part) => part.text).join("");
    checkCellLength(text);
    return text;
  }
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || result === null || typeof result === "object"
      ? null
      : cellValue(result as ExcelJS.CellValue);
  }
  if ("text" in value) return cellValue(String(value.text));
  return null;
}

/** The zip reader exceljs itself uses (its dependency, resolved from exceljs, not declared twice). */
interface ZipEntry extends Readable {
  path: string;
}
type Unzipper = { Parse(options: { forceStream: boolean }): Duplex };
let unzipperModule: Unzipper | undefined;
/** Loaded by the first workbook: about 0.2 s of a worker's CPU that a CSV file does not need (ADR 123). */
const unzipper = (): Unzipper =>
  (unzipperModule ??= createRequire(createRequire(import.meta.url).resolve("exceljs"))(
    "unzipper",
  ) as Unzipper);

/** The parts of exceljs' WorkbookReader this reader drives itself (exceljs 4.4). */
interface WorkbookInternals {
  sharedStrings?: unknown[];
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<{ index: number; text: unknown }>;
  _parseWorksheet(
    iterator: AsyncIterable<unknown>,
    sheetNo: string,
  ): Iterable<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

const SHARED_STRINGS = "xl/sharedStrings.xml";
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * Counts the bytes a pass over the zip really inflates, whatever its directory declared, and
 * fails the entry being read past the budget (a lying directory).
 */
class InflateCounter {
  #total = 0;

  count(entry: ZipEntry, entryLimit = Number.POSITIVE_INFINITY): Readable {
    let entryBytes = 0;
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        entryBytes += chunk.length;
        this.#total += chunk.length;
        if (entryBytes > entryLimit) done(new FileBudgetExceeded("shared_strings"));
        else if (this.#total > FILE_BUDGETS.inflatedBytes) done(new FileBudgetExceeded("inflated"));
        else done(null, chunk);
      },
    });
    pipeline(entry, counter, () => {});
    return counter;
  }
}

/** Shared strings kept under their budgets (exceljs' "cache" keeps any number of any length). */
async function keepSharedStrings(reader: WorkbookInternals, body: Readable): Promise<unknown[]> {
  const kept: unknown[] = [];
  for await (const { text } of reader._parseSharedStrings(body)) {
    if (kept.length >= FILE_BUDGETS.sharedStrings) throw new FileBudgetExceeded("shared_strings");
    if (typeof text === "string") checkCellLength(text);
    else if (text && typeof text === "object" && "richText" in text) {
      const parts = (text as { richText: { text?: string | null }[] }).richText;
      if (parts.reduce((length, part) => length + (part.text?.length ?? 0), 0) > FILE_BUDGETS.cellChars) {
        throw new FileBudgetExceeded("cell");
      }
    }
    kept.push(text);
  }
  return kept;
}

interface PassState {
  /** The workbook's shared strings once read ([] when it has none). */
  strings: unknown[] | undefined;
}

/**
 * One pass over the zip's entries in their stored order: the workbook part and the shared strings
 * are read (counted), the first worksheet's rows are yielded once the strings are known. Answers
 * false when the first worksheet came before the strings (Excel stores them last): the caller reads
 * the file again, strings in hand, instead of spooling the sheet to disk as exceljs would.
 */
async function* pass(
  source: Readable,
  reader: WorkbookInternals,
  state: PassState,
): AsyncGenerator<XlsxCell[], boolean> {
  const counter = new InflateCounter();
  const zip = unzipper().Parse({ forceStream: true });
  source.on("error", (error) => zip.destroy(error));
  source.pipe(zip);
  let deferred = false;
  try {
    for await (const entry of zip as AsyncIterable<ZipEntry>) {
      const sheetNo = SHEET.exec(entry.path)?.[1];
      if (entry.path === "xl/workbook.xml") {
        await reader._parseWorkbook(counter.count(entry));
      } else if (entry.path === SHARED_STRINGS && state.strings === undefined) {
        state.strings = await keepSharedStrings(
          reader,
          counter.count(entry, FILE_BUDGETS.sharedStringsBytes),
        );
        reader.sharedStrings = state.strings;
        if (deferred) return false;
      } else if (sheetNo !== undefined && !deferred && state.strings !== undefined) {
        for (const { eventType, value } of reader._parseWorksheet(counter.count(entry), sheetNo)) {
          if (eventType !== "worksheet") continue;
          for await (const row of value) {
            const values = row.values as ExcelJS.CellValue[];
            const cells: XlsxCell[] = [];
            // exceljs row values are 1-based (index 0 is always empty).
            for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
            yield cells;
          }
        }
        return true;
      } else {
        if (sheetNo !== undefined) deferred = true;
        // Drained through the counter: unzipper inflates an entry even when it is skipped (it
        // chooses the inflater before a consumer can say so), so a lying one must count too.
        const drained = counter.count(entry);
        drained.on("error", (error) => zip.destroy(error));
        drained.resume();
      }
    }
    return false;
  } finally {
    source.destroy();
    zip.destroy();
  }
}

/**
 * The rows of the first worksheet of an XLSX, streamed, within FILE_BUDGETS (ADR 30): the central
 * directory is walked first (a declared bomb is refused before one byte is inflated), then exceljs'
 * readers parse the workbook part, the shared strings (kept here, counted) and the sheet, while the
 * bytes actually inflated are counted. `open` reads the file from its start each time (up to three
 * times: the directory, the strings, the sheet).
 */
export async function* readXlsxRows(open: () => Promise<Readable> | Readable): AsyncGenerator<XlsxCell[]> {
  const { tail, size } = await readTail(await open());
  const directory = zipDirectory(tail, size);
  checkWorkbookDirectory(directory);
  // Loaded here: a CSV read (most uploads) does not pay for exceljs in its worker.
  const { default: excel } = await import("exceljs");
  const reader = new excel.stream.xlsx.WorkbookReader(undefined as unknown as Readable, {
    sharedStrings: "emit",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "ignore",
  }) as unknown as WorkbookInternals;
  const state: PassState = {
    strings: directory.some((entry) => entry.name === SHARED_STRINGS) ? undefined : [],
  };
  if (state.strings) reader.sharedStrings = state.strings;
  if (yield* pass(await open(), reader, state)) return;
  if (state.strings === undefined) return;
  yield* pass(await open(), reader, state);
}
