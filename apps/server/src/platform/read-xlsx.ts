import type { Readable } from "node:stream";
import ExcelJS from "exceljs";

export type XlsxCell = string | number | null;

/** A cell as the importer needs it: numbers stay numbers (for recovery), everything else is text. */
function cellValue(value: ExcelJS.CellValue): XlsxCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || result === null || typeof result === "object"
      ? null
      : cellValue(result as ExcelJS.CellValue);
  }
  if ("text" in value) return String(value.text);
  return null;
}

/**
 * The rows of the first worksheet of an XLSX, streamed with exceljs's WorkbookReader (shared
 * strings cached, styles ignored), so a sheet of a million rows is never held whole.
 */
export async function* readXlsxRows(source: Readable): AsyncGenerator<XlsxCell[]> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: XlsxCell[] = [];
        // exceljs row values are 1-based (index 0 is always empty).
        for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
        yield cells;
      }
      return;
    }
  } finally {
    source.destroy();
  }
}
