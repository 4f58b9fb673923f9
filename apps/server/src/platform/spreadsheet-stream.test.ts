import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvStream, SHEET_DATE_FORMAT, type SheetCells, xlsxStream } from "./spreadsheet-stream.ts";

const COLUMNS = [
  { header: "name", width: 12 },
  { header: "text", width: 30 },
];

async function* batches(count: number, size: number): AsyncGenerator<SheetCells[]> {
  for (let start = 0; start < count; start += size) {
    yield Array.from({ length: Math.min(size, count - start) }, (_, i) => [`row ${start + i + 1}`, "ไทย"]);
  }
}

async function* once(rows: SheetCells[]): AsyncGenerator<SheetCells[]> {
  yield rows;
}

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** 2026-01-02 10:04:05 in Bangkok. */
const INSTANT = new Date("2026-01-02T03:04:05Z");

describe("spreadsheet streams", () => {
  it("writes CSV with a BOM and a header", async () => {
    const bytes = await buffer(csvStream(COLUMNS, batches(3, 2)));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe("name,text\nrow 1,ไทย\nrow 2,ไทย\nrow 3,ไทย\n");
  });

  it("writes a CSV's numbers as digits and its instants as Bangkok's wall clock", async () => {
    const bytes = await buffer(csvStream(COLUMNS, once([[INSTANT, 12]])));
    expect(bytes.subarray(3).toString("utf8")).toBe("name,text\n2026-01-02 10:04:05,12\n");
  });

  it("types XLSX cells: numbers as numbers, instants as Bangkok dates with the time shown, text as text", async () => {
    const columns = [
      { header: "เวลา", width: 20 },
      { header: "เครดิต", width: 8 },
      { header: "ผู้รับ", width: 14 },
    ];
    const bytes = await buffer(await xlsxStream("messages", columns, once([[INSTANT, 3, "0812345678"]])));
    const sheet = (await workbookOf(bytes)).worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "เวลา", "เครดิต", "ผู้รับ"]);
    const [at, credits, phone] = [1, 2, 3].map((i) => sheet.getRow(2).getCell(i));
    expect(at!.type).toBe(ExcelJS.ValueType.Date);
    // exceljs reads an Excel date back as that wall clock in UTC.
    expect((at!.value as Date).toISOString()).toBe("2026-01-02T10:04:05.000Z");
    expect(at!.numFmt).toBe(SHEET_DATE_FORMAT);
    expect(credits!.type).toBe(ExcelJS.ValueType.Number);
    expect(credits!.value).toBe(3);
    // A phone stays text: its leading zero is kept.
    expect(phone!.type).toBe(ExcelJS.ValueType.String);
    expect(phone!.value).toBe("0812345678");
    expect(sheet.columns.map((column) => column.width)).toEqual([20, 8, 14]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });

  it("goes on in another sheet, with the header and widths again, past the rows one sheet may hold", async () => {
    const bytes = await buffer(await xlsxStream("messages", COLUMNS, batches(5, 2), { maxRowsPerSheet: 2 }));
    const workbook = await workbookOf(bytes);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      "messages",
      "messages (2)",
      "messages (3)",
    ]);
    const values = workbook.worksheets.map((sheet) =>
      sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[])[1]),
    );
    expect(values).toEqual([
      ["name", "row 1", "row 2"],
      ["name", "row 3", "row 4"],
      ["name", "row 5"],
    ]);
    expect(workbook.worksheets.map((sheet) => sheet.columns.map((column) => column.width))).toEqual([
      [12, 30],
      [12, 30],
      [12, 30],
    ]);
  });
});
