/**
 * Characters that make a spreadsheet treat a cell as a formula (or, for tab and carriage return,
 * let a CSV reader shift the cell into one): `=`, `+`, `-`, `@`, and the control characters OWASP
 * lists for CSV injection. A contact named "=HYPERLINK(…)" must stay text when the export is
 * opened in Excel or LibreOffice.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/** Whether a cell's text would start a formula when a spreadsheet opens the file. */
export function isFormulaLike(value: string): boolean {
  return FORMULA_START.test(value);
}

/**
 * The text to write into an exported cell: a formula-like value gets a leading apostrophe, which
 * spreadsheets read as "this is text" and do not show; anything else is unchanged.
 */
export function protectCell(value: string): string {
  return isFormulaLike(value) ? `'${value}` : value;
}
