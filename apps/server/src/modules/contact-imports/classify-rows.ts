// Types only from the package root: the worker loads no more of the domain than its rules.
import type { ContactImportRowStatus } from "@sms/domain";
import {
  type ContactImportLayout,
  cleanImportText,
  detectImportLayout,
  IMPORT_RAW_PHONE_MAX_LENGTH,
  importPhone,
  recoverPhoneText,
} from "@sms/domain/rules/contact-import";
import { readerErrorsAs } from "../../platform/reader-errors.ts";
import type { SpreadsheetCell } from "../../platform/spreadsheet-rows.ts";
import type { StagingRow } from "./staging-copy.ts";

/** The file cannot be read as a contact list: the import fails with this message, and is not retried. */
export class ImportFileError extends Error {
  constructor(
    readonly messageKey: string,
    options?: { cause?: unknown },
  ) {
    super(messageKey, options);
    this.name = "ImportFileError";
  }
}

type Cell = SpreadsheetCell;

const isBlank = (cells: readonly Cell[]) =>
  cells.every((cell) => cell === null || (typeof cell === "string" && cell.trim() === ""));

const textOf = (cell: Cell | undefined) => (cell === null || cell === undefined ? "" : String(cell));

/**
 * Classifies the file's rows as staging rows, in file order: valid, invalid, or a repeat of a number
 * seen earlier in the file (one Set of 66-form numbers). Runs in the parse worker (ADR 30); `write`
 * hands each row on; past `maxRows` rows the file is refused. Answers the number of data rows.
 */
export async function classifyImportRows(
  rows: AsyncIterable<Cell[]>,
  maxRows: number,
  write: (row: StagingRow) => Promise<void>,
): Promise<number> {
  let layout: ContactImportLayout | undefined;
  const seen = new Set<number>();
  let rowNumber = 0;
  for await (const cells of readerErrorsAs(
    rows,
    (cause) => new ImportFileError("contact_imports.error.unreadable", { cause }),
  )) {
    if (isBlank(cells)) continue;
    if (!layout) {
      layout = detectImportLayout(cells.map(textOf));
      if (layout.header) continue;
    }
    rowNumber += 1;
    if (rowNumber > maxRows) throw new ImportFileError("contact_imports.error.too_many_rows");
    const { firstName, lastName, phone } = layout.columns;
    const phoneCell = phone >= 0 ? cells[phone] : null;
    const phoneNumber = importPhone(phoneCell);
    let status: ContactImportRowStatus = "invalid";
    if (phoneNumber !== null) {
      // 66XXXXXXXXX fits a double exactly; numbers keep the Set small for a million rows.
      const key = Number(phoneNumber);
      status = seen.has(key) ? "duplicate" : "valid";
      seen.add(key);
    }
    await write({
      rowNumber,
      firstName: firstName >= 0 ? cleanImportText(textOf(cells[firstName])) : "",
      lastName: lastName >= 0 ? cleanImportText(textOf(cells[lastName])) : "",
      rawPhone: cleanImportText(recoverPhoneText(phoneCell ?? null), IMPORT_RAW_PHONE_MAX_LENGTH),
      phoneNumber,
      status,
    });
  }
  return rowNumber;
}
