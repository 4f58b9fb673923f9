import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { schema } from "@sms/db";
import { detectImportLayout, fieldOfHeader } from "@sms/domain/rules/contact-import";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHEET_DATE_FORMAT } from "../../platform/spreadsheet-stream.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { exportContacts } from "./export-contacts.ts";

let t: TestContext;
let owner: TestTenant;
let groupId: number;

const HEADER = ["First name", "Last name", "Phone number", "Added at"];
const HEADER_TH = ["ชื่อ", "นามสกุล", "หมายเลขโทรศัพท์", "วันที่เพิ่ม"];

/** Stored rows, oldest first (the export's order), with names that would run as formulas. */
const ROWS = [
  {
    firstName: "สมชาย",
    lastName: "ใจดี",
    phoneNumber: "66812345678",
    createdAt: new Date("2026-01-02T03:04:05Z"),
  },
  {
    firstName: '=HYPERLINK("http://evil","x")',
    lastName: "+1",
    phoneNumber: "66912345678",
    createdAt: new Date("2026-01-02T17:30:00Z"),
  },
  {
    firstName: "-2+3",
    lastName: "@SUM(A1)",
    phoneNumber: "66612345678",
    createdAt: new Date("2026-01-03T00:00:00Z"),
  },
  {
    firstName: "\tTab",
    lastName: "\rReturn",
    phoneNumber: "66812340000",
    createdAt: new Date("2026-01-04T00:00:00Z"),
  },
  {
    firstName: 'Comma, "quoted"',
    lastName: "",
    phoneNumber: "66812349999",
    createdAt: new Date("2026-01-05T00:00:00Z"),
  },
];

/** What each row becomes: local numbers, Bangkok time, formula starts behind an apostrophe. */
const EXPECTED = [
  ["สมชาย", "ใจดี", "0812345678", "2026-01-02 10:04:05"],
  ['\'=HYPERLINK("http://evil","x")', "'+1", "0912345678", "2026-01-03 00:30:00"],
  ["'-2+3", "'@SUM(A1)", "0612345678", "2026-01-03 07:00:00"],
  ["'\tTab", "'\rReturn", "0812340000", "2026-01-04 07:00:00"],
  ['Comma, "quoted"', "", "0812349999", "2026-01-05 07:00:00"],
];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Export Co" });
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/c/contact-groups",
    headers: owner.headers,
    payload: { name: "ลูกค้า/VIP:2026" },
  });
  groupId = res.json().data.id;
  await t.db
    .insert(schema.contacts)
    .values(ROWS.map((row) => ({ ...row, organizationId: owner.organizationId, groupId })));
});
afterAll(() => t?.close());

function download(format: string, locale: "th" | "en" = "en") {
  return t.app.inject({
    method: "GET",
    url: `/api/v1/c/contact-groups/${groupId}/export?format=${format}`,
    headers: { ...owner.headers, "accept-language": locale },
  });
}

/** XML reads a carriage return inside text as a line feed; the cell still starts with the apostrophe. */
const EXPECTED_XLSX = EXPECTED.map((row) => row.map((cell) => cell.replace(/\r/g, "\n")));

function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text, { dynamicTyping: false, skipEmptyLines: true }).data;
}

async function readXlsx(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no worksheet");
  const rows: string[][] = [];
  sheet.eachRow((row, number) => {
    const cells: string[] = [];
    for (let i = 1; i <= HEADER.length; i++) {
      const cell = row.getCell(i);
      const value = cell.value;
      if (i === 4 && number > 1) {
        // The time is a date cell holding Bangkok's wall clock, shown with its time.
        expect(cell.type, `row ${number}: ${JSON.stringify(value)}`).toBe(ExcelJS.ValueType.Date);
        expect(cell.numFmt).toBe(SHEET_DATE_FORMAT);
        cells.push((value as Date).toISOString().slice(0, 19).replace("T", " "));
        continue;
      }
      // Names and numbers are text (a phone keeps its leading zero); a formula cell would be a bug.
      expect(value === null || typeof value === "string", `cell ${i}: ${JSON.stringify(value)}`).toBe(true);
      cells.push((value as string | null) ?? "");
    }
    rows.push(cells);
  });
  return rows;
}

describe("GET /c/contact-groups/{id}/export", () => {
  it("sends a UTF-8 CSV with a BOM, local numbers, Bangkok times and protected cells", async () => {
    const res = await download("csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const disposition = String(res.headers["content-disposition"]);
    expect(disposition).toMatch(/^attachment; filename="contacts-[^"/\\:]+\.csv"; filename\*=UTF-8''/);
    expect(disposition).not.toMatch(/filename="[^"]*[/:]/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? "")).toBe("contacts-ลูกค้า_VIP_2026.csv");
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(raw.subarray(3).toString("utf8"));
    expect(rows).toEqual([HEADER, ...EXPECTED]);
  });

  it("sends an XLSX whose text cells are protected against formulas, with a date column and sized columns", async () => {
    const res = await download("xlsx");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(String(res.headers["content-disposition"])).toMatch(/filename="contacts-[^"]+\.xlsx"/);
    expect(await readXlsx(res.rawPayload)).toEqual([HEADER, ...EXPECTED_XLSX]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.columns.map((column) => column.width)).toEqual([20, 20, 16, 20]);
  });

  it("writes the headers in the reader's language, names the import reads back", async () => {
    const csv = await download("csv", "th");
    expect(parseCsv(csv.rawPayload.subarray(3).toString("utf8"))[0]).toEqual(HEADER_TH);
    const xlsx = await download("xlsx", "th");
    expect((await readXlsx(xlsx.rawPayload))[0]).toEqual(HEADER_TH);
    for (const header of [HEADER, HEADER_TH]) {
      expect(header.slice(0, 3).map(fieldOfHeader)).toEqual(["firstName", "lastName", "phone"]);
      expect(detectImportLayout(header).header).toBe(true);
    }
  });

  it("is CSV by default and refuses other formats", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/contact-groups/${groupId}/export`,
      headers: owner.headers,
    });
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const bad = await download("pdf");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ path: "format", message: "Please choose CSV or XLSX." }]);
  });

  it("answers an empty group with the header row only", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/contact-groups",
      headers: owner.headers,
      payload: { name: "Empty" },
    });
    const empty = res.json().data.id;
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/contact-groups/${empty}/export?format=csv`,
      headers: { ...owner.headers, "accept-language": "en" },
    });
    expect(parseCsv(csv.rawPayload.subarray(3).toString("utf8"))).toEqual([HEADER]);
    const xlsx = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/contact-groups/${empty}/export?format=xlsx`,
      headers: { ...owner.headers, "accept-language": "en" },
    });
    expect(await readXlsx(xlsx.rawPayload)).toEqual([HEADER]);
  });

  it.each(["csv", "xlsx"] as const)(
    "walks the group in batches without losing or repeating a row (%s)",
    async (format) => {
      const scope = new TenantScope(t.db, owner.organizationId);
      const file = await exportContacts({ scope, groupId, format, locale: "en", batchSize: 2 });
      const data = await buffer(file.stream as Readable);
      if (format === "csv")
        expect(parseCsv(data.subarray(3).toString("utf8"))).toEqual([HEADER, ...EXPECTED]);
      else expect(await readXlsx(data)).toEqual([HEADER, ...EXPECTED_XLSX]);
    },
  );
});
