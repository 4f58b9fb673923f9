import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { csvStream, type SheetCells, xlsxStream } from "./spreadsheet-stream.ts";

async function* batches(count: number, size: number): AsyncGenerator<SheetCells[]> {
  for (let start = 0; start < count; start += size) {
    yield Array.from({ length: Math.min(size, count - start) }, (_, i) => [`row ${start + i + 1}`, "ไทย"]);
  }
}

describe("spreadsheet streams", () => {
  it("writes CSV with a BOM and a header", async () => {
    const bytes = await buffer(csvStream(["name", "text"], batches(3, 2)));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8")).toBe("name,text\nrow 1,ไทย\nrow 2,ไทย\nrow 3,ไทย\n");
  });

  it("goes on in another sheet, with the header again, past the rows one sheet may hold", async () => {
    const bytes = await buffer(
      xlsxStream("messages", ["name", "text"], batches(5, 2), { maxRowsPerSheet: 2 }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
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
  });
});
