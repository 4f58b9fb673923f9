/**
 * What reading one uploaded CSV/XLSX may cost (ADR 30). The 50 MB upload cap limits only the
 * compressed bytes: an XLSX is a zip, and a zip of one repeated string inflates about 1000:1, so a
 * 6 MB workbook can declare 5 GB of shared strings (review S4-7). Each budget is checked against the
 * zip's central directory before anything is inflated, and again against what is actually inflated
 * and kept while reading (the directory can lie). A file past a budget is refused with its own
 * translated message; the parse worker's heap cap is the last line behind them.
 */
export const FILE_BUDGETS = {
  /**
   * Bytes all parsed entries of a workbook may inflate to. A 1,000,000-row sheet of a name, a surname
   * and a number is about 150 MB of XML; the sheet is streamed, so this bounds time, not memory.
   */
  inflatedBytes: 512 * 1024 * 1024,
  /**
   * Inflated-to-compressed ratio of one entry declaring more than `ratioFloorBytes`. Spreadsheet XML
   * compresses about 5–20:1 (a generated sheet of near-identical rows reaches about 40:1); a zip
   * bomb is near 1000:1.
   */
  compressionRatio: 100,
  ratioFloorBytes: 4 * 1024 * 1024,
  /**
   * `xl/sharedStrings.xml`, inflated: every shared string is kept in memory while the sheet is read
   * (a cell names its string by index), so this, with `sharedStrings`, bounds the heap it takes.
   */
  sharedStringsBytes: 64 * 1024 * 1024,
  /** Distinct texts a workbook may share: two per row of a 1,000,000-row list of names and numbers. */
  sharedStrings: 2_000_000,
  /**
   * Characters of one cell, CSV or XLSX. A name, a phone number or a personalisation value is far
   * shorter (values are cut at 255 characters); a notes column still fits.
   */
  cellChars: 8 * 1024,
  /** Entries of a workbook's zip, and the bytes of its central directory that listing them takes. */
  zipEntries: 10_000,
  directoryBytes: 1024 * 1024,
} as const;

export type FileBudget = "inflated" | "ratio" | "shared_strings" | "cell" | "entries";

/** The translated message of each budget (files.budget.* in i18n/files.ts). */
export const fileBudgetMessageKey = (budget: FileBudget) => `files.budget.${budget}`;

// As formatNumber of the domain writes them (1,000,000), without loading it into every parse worker.
const formatNumber = (value: number) => value.toLocaleString("en-US");

/** The limits the budget messages name, formatted for people. */
export const FILE_BUDGET_PARAMS = {
  inflated_mb: formatNumber(FILE_BUDGETS.inflatedBytes / 1024 / 1024),
  ratio: formatNumber(FILE_BUDGETS.compressionRatio),
  shared_strings_mb: formatNumber(FILE_BUDGETS.sharedStringsBytes / 1024 / 1024),
  shared_strings: formatNumber(FILE_BUDGETS.sharedStrings),
  cell_chars: formatNumber(FILE_BUDGETS.cellChars),
  entries: formatNumber(FILE_BUDGETS.zipEntries),
};

/** The file passes one of FILE_BUDGETS: refused, with `messageKey`, before it costs more. */
export class FileBudgetExceeded extends Error {
  readonly messageKey: string;
  constructor(readonly budget: FileBudget) {
    super(`file budget exceeded: ${budget}`);
    this.name = "FileBudgetExceeded";
    this.messageKey = fileBudgetMessageKey(budget);
  }
}

/** A cell past `cellChars` refuses the file. */
export function checkCellLength(text: string): void {
  if (text.length > FILE_BUDGETS.cellChars) throw new FileBudgetExceeded("cell");
}
