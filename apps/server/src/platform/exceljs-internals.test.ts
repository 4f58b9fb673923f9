import { PassThrough } from "node:stream";
import { buffer } from "node:stream/consumers";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { entryNeedsDrain, setDateFormat, zipCaughtUp } from "./exceljs-internals.ts";

// Upgrade canary for the two uses of exceljs' internals (ADR 83): run on a real streaming writer,
// so a new exceljs that moves them fails here, not in a customer's export.

function writer({ read = true } = {}) {
  const out = new PassThrough();
  const bytes = read ? buffer(out) : Promise.resolve(Buffer.alloc(0));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  return { workbook, out, bytes };
}

async function reread(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  if (!sheet) throw new Error("no sheet");
  return sheet;
}

describe("a worksheet writer's stream (sheet.stream)", () => {
  it("shows the zip entry's backpressure, and zipCaughtUp waits until the zip has taken the rows", async () => {
    const { workbook, out, bytes } = writer();
    const sheet = workbook.addWorksheet("rows");
    for (let i = 0; i < 30_000; i++) sheet.addRow([`row ${i}`, "x".repeat(60)]).commit();
    const stream = (sheet as unknown as { stream: { pipes: Parameters<typeof entryNeedsDrain>[0][] } })
      .stream;
    // Written without a turn of the event loop, 30,000 rows overfill the zip entry (exceljs does not wait).
    expect(stream.pipes).toHaveLength(1);
    expect(stream.pipes.some(entryNeedsDrain)).toBe(true);
    await zipCaughtUp(sheet, out);
    expect(stream.pipes.some(entryNeedsDrain)).toBe(false);
    sheet.commit();
    await workbook.commit();
    expect((await reread(await bytes)).rowCount).toBe(30_000);
  });

  it("stops waiting when the output is closed (the client left)", async () => {
    const { workbook, out } = writer({ read: false });
    const sheet = workbook.addWorksheet("rows");
    for (let i = 0; i < 30_000; i++) sheet.addRow([`row ${i}`, "x".repeat(60)]).commit();
    const waiting = zipCaughtUp(sheet, out);
    setTimeout(() => out.destroy(), 50);
    await expect(waiting).resolves.toBeUndefined();
  });

  it("fails loudly when a sheet has no such stream", async () => {
    await expect(zipCaughtUp({} as ExcelJS.Worksheet, new PassThrough())).rejects.toThrow(/exceljs changed/);
    expect(() => entryNeedsDrain({} as Parameters<typeof entryNeedsDrain>[0])).toThrow(/exceljs changed/);
  });
});

describe("a workbook writer's style manager (workbook.styles)", () => {
  it("gives every date cell the format set", async () => {
    const { workbook, bytes } = writer();
    setDateFormat(workbook, "yyyy-mm-dd hh:mm:ss");
    const sheet = workbook.addWorksheet("dates");
    sheet.addRow([new Date("2026-01-02T10:04:05Z"), new Date("2026-03-04T05:06:07Z")]).commit();
    sheet.commit();
    await workbook.commit();
    const row = (await reread(await bytes)).getRow(1);
    expect([row.getCell(1).numFmt, row.getCell(2).numFmt]).toEqual([
      "yyyy-mm-dd hh:mm:ss",
      "yyyy-mm-dd hh:mm:ss",
    ]);
  });

  it("fails loudly when the writer has no such style manager", () => {
    expect(() => setDateFormat({} as ExcelJS.stream.xlsx.WorkbookWriter, "yyyy")).toThrow(/exceljs changed/);
  });
});
