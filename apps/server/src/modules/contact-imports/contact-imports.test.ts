import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { queryRows, schema } from "@sms/db";
import { DEFAULT_CONSENT_WORDING, type TContactImport, type TContactImportRow } from "@sms/domain";
import { and, count, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, PNG, pdf, tis620 } from "../../test/files.ts";
import { jobContextOf } from "../../test/jobs.ts";
import { createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { insertImport } from "./insert-import.ts";
import { parseImport } from "./parse-import.ts";

let t: TestContext;
let dataDir: string;
let owner: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-imports-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  owner = await createTenant(t, { name: "Importer Co" });
  other = await createTenant(t, { name: "Other Co" });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Method = "GET" | "POST" | "PATCH" | "PUT";

function call(caller: Pick<TestTenant, "headers">, method: Method, url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": "en" },
    ...(payload ? { payload } : {}),
  });
}

let groupSequence = 0;
async function createGroup(tenant: TestTenant, phones: string[] = []): Promise<number> {
  groupSequence += 1;
  const [group] = await t.db
    .insert(schema.contactGroups)
    .values({ organizationId: tenant.organizationId, name: `Group ${groupSequence}` })
    .returning({ id: schema.contactGroups.id });
  if (!group) throw new Error("no group");
  if (phones.length > 0) {
    await t.db.insert(schema.contacts).values(
      phones.map((phoneNumber) => ({
        organizationId: tenant.organizationId,
        groupId: group.id,
        phoneNumber,
        firstName: "Already",
      })),
    );
  }
  return group.id;
}

function uploadFile(caller: TestTenant, groupId: number, filename: string, data: Buffer) {
  const form = multipartBody([{ name: "file", filename, data }]);
  return t.app.inject({
    method: "POST",
    url: `/api/v1/c/contact-groups/${groupId}/contacts/import`,
    headers: { ...caller.headers, ...form.headers, "accept-language": "en" },
    payload: form.payload,
  });
}

/** Uploads, runs the parse job, and answers the import as the preview shows it. */
async function importToPreview(groupId: number, filename: string, data: Buffer): Promise<TContactImport> {
  const res = await uploadFile(owner, groupId, filename, data);
  expect(res.statusCode, res.body).toBe(202);
  const started = res.json().data as TContactImport;
  expect(started).toMatchObject({ status: "parsing", group_id: groupId, file_name: filename });
  await t.jobs.drain();
  return (await call(owner, "GET", `/c/contact-imports/${started.id}`)).json().data as TContactImport;
}

const counts = (i: TContactImport) => ({
  total: i.total_rows,
  valid: i.valid_rows,
  invalid: i.invalid_rows,
  duplicate: i.duplicate_rows,
  existing: i.existing_rows,
});

async function stagedRows(importId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(schema.contactImportRows)
    .where(eq(schema.contactImportRows.importId, importId));
  return Number(row?.n ?? 0);
}

async function groupPhones(groupId: number): Promise<string[]> {
  const rows = await t.db
    .select({ phone: schema.contacts.phoneNumber })
    .from(schema.contacts)
    .where(eq(schema.contacts.groupId, groupId))
    .orderBy(schema.contacts.phoneNumber);
  return rows.map((r) => r.phone);
}

const MIXED_CSV = [
  "first_name,last_name,phone_number",
  "Somchai,Jaidee,0812345678",
  "Bad,Number,12345",
  "Again,Somchai,081-234-5678",
  "Known,Person,0898765432",
  "",
  "Plus,Form,+66 61 234 5678",
  "No,Phone,",
  '"Quoted, Name",Person,0923456789',
].join("\r\n");

describe("import of a CSV with valid, invalid, duplicate and existing rows", () => {
  let groupId: number;
  let preview: TContactImport;

  beforeAll(async () => {
    groupId = await createGroup(owner, ["66898765432"]);
    preview = await importToPreview(groupId, "mixed.csv", Buffer.from(MIXED_CSV));
  });

  it("counts each class and shows examples", () => {
    expect(preview.status).toBe("preview");
    expect(preview.encoding).toBe("utf-8");
    expect(counts(preview)).toEqual({ total: 7, valid: 3, invalid: 2, duplicate: 1, existing: 1 });
    expect(preview.processed_rows).toBe(7);
    expect(preview.examples.invalid.map((r) => [r.row_number, r.phone_number])).toEqual([
      [2, "12345"],
      [6, ""],
    ]);
    expect(preview.examples.duplicate).toEqual([
      {
        row_number: 3,
        first_name: "Again",
        last_name: "Somchai",
        phone_number: "0812345678",
        status: "duplicate",
        // Review D26: which row of the file the number counts on.
        same_as_row: 1,
      },
    ]);
    expect(preview.examples.existing[0]).toMatchObject({ row_number: 4, phone_number: "0898765432" });
    expect(preview.examples.valid.map((r) => r.first_name)).toEqual(["Somchai", "Plus", "Quoted, Name"]);
  });

  it("lists one class of rows, paginated", async () => {
    const res = await call(
      owner,
      "GET",
      `/c/contact-imports/${preview.id}/rows?status=invalid&size=1&page=2`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      entities: [{ row_number: 6, status: "invalid" }],
      page_information: { page: 2, size: 1, total_item: 2, total_pages: 2 },
    });
    const bad = await call(owner, "GET", `/c/contact-imports/${preview.id}/rows?status=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].message).toBe("Unknown row status.");
  });

  it("is the group's current import", async () => {
    const res = await call(owner, "GET", `/c/contact-groups/${groupId}/imports/current`);
    expect(res.json().data).toMatchObject({ id: preview.id, status: "preview" });
  });

  it("refuses a second upload while this one is unfinished", async () => {
    const res = await uploadFile(owner, groupId, "again.csv", Buffer.from(MIXED_CSV));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(
      "This group already has an import in progress. Please continue or cancel it first.",
    );
  });

  it("fixes invalid rows: a still-invalid number is refused, a fixed one is classified again", async () => {
    const url = `/c/contact-imports/${preview.id}/rows/2`;
    const refused = await call(owner, "PATCH", url, { phone_number: "0212345678" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details[0]).toEqual({
      path: "phone_number",
      message: "Phone Number is invalid!",
    });

    const fixed = await call(owner, "PATCH", url, { phone_number: "0811111111", first_name: "Fixed" });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.row).toEqual({
      row_number: 2,
      first_name: "Fixed",
      last_name: "Number",
      phone_number: "0811111111",
      status: "valid",
      same_as_row: null,
    } satisfies TContactImportRow);
    expect(counts(fixed.json().data.import)).toEqual({
      total: 7,
      valid: 4,
      invalid: 1,
      duplicate: 1,
      existing: 1,
    });

    // A fix may create a duplicate of another row, or hit a number already in the group.
    const dup = await call(owner, "PATCH", `/c/contact-imports/${preview.id}/rows/6`, {
      phone_number: "0811111111",
    });
    expect(dup.json().data.row.status).toBe("duplicate");
    expect(counts(dup.json().data.import)).toEqual({
      total: 7,
      valid: 4,
      invalid: 0,
      duplicate: 2,
      existing: 1,
    });
    const existing = await call(owner, "PATCH", `/c/contact-imports/${preview.id}/rows/6`, {
      phone_number: "0898765432",
    });
    expect(existing.json().data.row.status).toBe("duplicate");

    // Row 1 gives its number up: row 3, its repeat, takes its place as valid.
    const moved = await call(owner, "PATCH", `/c/contact-imports/${preview.id}/rows/1`, {
      phone_number: "0822222222",
    });
    expect(moved.json().data.row.status).toBe("valid");
    const after = moved.json().data.import as TContactImport;
    expect(counts(after)).toEqual({ total: 7, valid: 5, invalid: 0, duplicate: 1, existing: 1 });
    expect(after.examples.valid.map((r) => r.row_number)).toEqual([1, 2, 3, 5, 7]);
    expect(
      await call(owner, "PATCH", `/c/contact-imports/${preview.id}/rows/99`, { phone_number: "0811111112" }),
    ).toHaveProperty("statusCode", 404);
  });

  it("continues: the valid rows become contacts, the rest are removed", async () => {
    const res = await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe("importing");
    expect(await stagedRows(preview.id)).toBe(7);
    await t.jobs.drain();
    const done = (await call(owner, "GET", `/c/contact-imports/${preview.id}`)).json().data as TContactImport;
    expect(done).toMatchObject({ status: "completed", imported_rows: 5, processed_rows: 7 });
    expect(await stagedRows(preview.id)).toBe(0);
    expect(await groupPhones(groupId)).toEqual(
      ["66811111111", "66812345678", "66822222222", "66612345678", "66898765432", "66923456789"].sort(),
    );
    const [group] = await t.db
      .select({ n: schema.contactGroups.contactCount })
      .from(schema.contactGroups)
      .where(eq(schema.contactGroups.id, groupId));
    expect(group?.n).toBe(6);
    // Each imported contact's opt-in is in its number's consent history (ADR 94), one per contact added.
    // Continued without a text (a caller other than the portal): the organization's current consent
    // wording and its version (ADR 108), so no opt-in is without what was agreed.
    const optIns = await queryRows<{
      msisdn: string;
      kind: string;
      user_id: number | null;
      statement: string | null;
      wording_version: number | null;
    }>(
      t.db,
      sql`select k.msisdn, k.kind, k.user_id, k.statement, k.wording_version from contact_consents k
           join contacts c on c.id = k.contact_id
          where c.group_id = ${groupId} and k.source = 'import' order by k.msisdn`,
    );
    expect(optIns).toHaveLength(5);
    expect(optIns.every((row) => row.kind === "opt_in" && row.user_id === owner.userId)).toBe(true);
    expect(
      optIns.every((row) => row.statement === DEFAULT_CONSENT_WORDING && row.wording_version === 1),
    ).toBe(true);
    const [named] = await t.db
      .select()
      .from(schema.contacts)
      .where(and(eq(schema.contacts.groupId, groupId), eq(schema.contacts.phoneNumber, "66923456789")));
    expect(named).toMatchObject({
      firstName: "Quoted, Name",
      lastName: "Person",
      organizationId: owner.organizationId,
    });

    // Confirming again answers it as it is; a fix or a cancel is too late.
    expect((await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`)).json().data.status).toBe(
      "completed",
    );
    const late = await call(owner, "PATCH", `/c/contact-imports/${preview.id}/rows/1`, {
      phone_number: "0833333333",
    });
    expect(late.statusCode).toBe(409);
    expect((await call(owner, "POST", `/c/contact-imports/${preview.id}/cancel`)).statusCode).toBe(409);
  });
});

describe("continue with what the contacts agreed to (ADR 94)", () => {
  it("keeps the statement in each imported contact's opt-in; a too-long one is refused and changes nothing", async () => {
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "consent.csv", Buffer.from(MIXED_CSV));
    const tooLong = await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`, {
      consent_statement: "x".repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.details).toEqual([
      expect.objectContaining({ path: "consent_statement", message: expect.stringContaining("500") }),
    ]);
    expect((await call(owner, "GET", `/c/contact-imports/${preview.id}`)).json().data.status).toBe("preview");

    const statement = "  สมัครรับข่าวสารทาง SMS ที่หน้าร้าน (แบบฟอร์ม v3)  ";
    const res = await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`, {
      consent_statement: statement,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.drain();
    const optIns = await queryRows<{
      statement: string | null;
      source: string;
      wording_version: number | null;
    }>(
      t.db,
      sql`select k.statement, k.source, k.wording_version from contact_consents k
           join contacts c on c.id = k.contact_id
          where c.group_id = ${groupId} and k.kind = 'opt_in'`,
    );
    expect(optIns).toHaveLength(4);
    expect(
      optIns.every(
        (row) =>
          row.source === "import" && row.statement === statement.trim() && row.wording_version === null,
      ),
    ).toBe(true);
  });

  it("keeps the wording's version when the member continues with the organization's wording as prefilled (ADR 108)", async () => {
    const saved = await call(owner, "PUT", "/c/consent-wording", {
      text: "Shop sign-up sheet 2026: offers by SMS",
    });
    expect(saved.json().data.version).toBe(2);
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "wording.csv", Buffer.from(MIXED_CSV));
    const res = await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`, {
      consent_statement: "Shop sign-up sheet 2026: offers by SMS",
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.drain();
    const versions = await queryRows<{ statement: string; wording_version: number | null }>(
      t.db,
      sql`select distinct k.statement, k.wording_version from contact_consents k
           join contacts c on c.id = k.contact_id
          where c.group_id = ${groupId} and k.kind = 'opt_in'`,
    );
    expect(versions).toEqual([{ statement: "Shop sign-up sheet 2026: offers by SMS", wording_version: 2 }]);
  });
});

describe("two uploads racing into one group", () => {
  it("start one import; the other answers 409 and leaves no file behind", async () => {
    const groupId = await createGroup(owner);
    const files = async () =>
      (
        await t.db
          .select({ id: schema.files.id })
          .from(schema.files)
          .where(eq(schema.files.organizationId, owner.organizationId))
      ).length;
    const before = await files();
    const answers = await Promise.all(
      [1, 2, 3].map((n) => uploadFile(owner, groupId, `race-${n}.csv`, Buffer.from(MIXED_CSV))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409]);
    const imports = await t.db
      .select({ id: schema.contactImports.id })
      .from(schema.contactImports)
      .where(eq(schema.contactImports.groupId, groupId));
    expect(imports).toHaveLength(1);
    expect(await files()).toBe(before + 1);
  });
});

describe("XLSX whose numbers lost their leading zero", () => {
  it("recovers them and reads Thai headers", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(["ชื่อ", "นามสกุล", "เบอร์โทร"]);
    sheet.addRow(["สมชาย", "ใจดี", 812345678]);
    sheet.addRow(["Somsri", "Rakthai", 66898765432]);
    sheet.addRow(["Text", "Cell", "0611111111"]);
    sheet.addRow(["Lost", "Digits", "6.68123457E+10"]);
    sheet.addRow(["Kept", "Digits", "8.12345679E+08"]);
    sheet.addRow([null, null, null]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "numbers.xlsx", data);
    expect(preview.encoding).toBe("xlsx");
    expect(counts(preview)).toEqual({ total: 5, valid: 4, invalid: 1, duplicate: 0, existing: 0 });
    expect(preview.examples.valid.map((r) => [r.first_name, r.phone_number])).toEqual([
      ["สมชาย", "0812345678"],
      ["Somsri", "0898765432"],
      ["Text", "0611111111"],
      ["Kept", "0812345679"],
    ]);
    expect(preview.examples.invalid[0]).toMatchObject({ row_number: 4, phone_number: "6.68123457E+10" });
  });
});

describe("XLSX from a streaming writer", () => {
  it("is accepted when its [Content_Types].xml comes after a sheet larger than file-type scans", async () => {
    const path = join(dataDir, "streamed.xlsx");
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path });
    const sheet = writer.addWorksheet("contacts");
    sheet.addRow(["first_name", "phone_number"]).commit();
    // Random names do not compress, so the sheet passes file-type's 1 MB scan of a streamed entry.
    for (let i = 0; i < 20_000; i++)
      sheet.addRow([randomBytes(48).toString("base64"), 812_000_000 + i]).commit();
    sheet.commit();
    await writer.commit();
    const data = await readFile(path);
    const preview = await importToPreview(await createGroup(owner), "streamed.xlsx", data);
    expect(counts(preview)).toEqual({ total: 20_000, valid: 20_000, invalid: 0, duplicate: 0, existing: 0 });
    expect(preview.examples.valid[0]?.phone_number).toBe("0812000000");
  });
});

describe("CSV encodings", () => {
  it("reads a Windows-874 (TIS-620) CSV with Thai names", async () => {
    const text = "ชื่อ,นามสกุล,เบอร์โทรศัพท์\r\nสมชาย,ใจดี,0812345678\r\nสมศรี,รักไทย,0898765432\r\n";
    const preview = await importToPreview(await createGroup(owner), "thai.csv", tis620(text));
    expect(preview.encoding).toBe("windows-874");
    expect(preview.examples.valid.map((r) => `${r.first_name} ${r.last_name}`)).toEqual([
      "สมชาย ใจดี",
      "สมศรี รักไทย",
    ]);
  });

  it("reads a UTF-8 CSV with a BOM, its header found through the BOM", async () => {
    const text = "\uFEFFPhone Number,First Name\n0812345678,สมชาย\n";
    const preview = await importToPreview(await createGroup(owner), "bom.csv", Buffer.from(text, "utf8"));
    expect(preview.encoding).toBe("utf-8");
    expect(counts(preview)).toEqual({ total: 1, valid: 1, invalid: 0, duplicate: 0, existing: 0 });
    expect(preview.examples.valid[0]).toMatchObject({ first_name: "สมชาย", last_name: "" });
  });

  it("reads a header-less file by position, and an Excel-saved 9-digit number", async () => {
    const text = "Somchai,Jaidee,812345678\nSomsri,Rakthai,8.98765432E+08\n";
    const preview = await importToPreview(await createGroup(owner), "plain.csv", Buffer.from(text));
    expect(preview.total_rows).toBe(2);
    expect(preview.examples.valid.map((r) => r.phone_number)).toEqual(["0812345678", "0898765432"]);
  });

  it("fails a file with a header and no contacts, with a translated reason", async () => {
    const preview = await importToPreview(
      await createGroup(owner),
      "empty.csv",
      Buffer.from("first_name,phone\n\n"),
    );
    expect(preview).toMatchObject({ status: "failed", error: "The file has no contacts." });
  });
});

describe("upload refusals", () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = await createGroup(owner);
  });

  it.each([
    ["a PDF", "list.pdf", pdf(), "Unsupported file format"],
    ["a PNG renamed .csv", "list.csv", PNG, "Unsupported file format"],
    [
      "an .xls (OLE) file",
      "list.xls",
      Buffer.concat([Buffer.from("d0cf11e0a1b11ae1", "hex"), Buffer.alloc(1024)]),
      "Unsupported file format",
    ],
    ["an empty file", "list.csv", Buffer.alloc(0), "Please add file .csv or .xls file!"],
  ])("refuses %s", async (_, filename, data, message) => {
    const res = await uploadFile(owner, groupId, filename, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it("refuses a request without a file", async () => {
    const res = await call(owner, "POST", `/c/contact-groups/${groupId}/contacts/import`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please add file .csv or .xls file!");
    const [row] = await t.db
      .select({ n: count() })
      .from(schema.contactImports)
      .where(eq(schema.contactImports.groupId, groupId));
    expect(row?.n).toBe(0);
  });

  it("asks for a sign-in first", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/v1/c/contact-groups/${groupId}/contacts/import`,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("cancel", () => {
  it("skips an import in preview and removes its rows", async () => {
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "skip.csv", Buffer.from(MIXED_CSV));
    expect(await stagedRows(preview.id)).toBe(7);
    const res = await call(owner, "POST", `/c/contact-imports/${preview.id}/cancel`);
    expect(res.json().data.status).toBe("cancelled");
    expect(await stagedRows(preview.id)).toBe(0);
    expect((await call(owner, "POST", `/c/contact-imports/${preview.id}/cancel`)).statusCode).toBe(200);
    expect((await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`)).statusCode).toBe(409);
    expect((await call(owner, "GET", `/c/contact-groups/${groupId}/imports/current`)).json().data).toBeNull();
    expect(await groupPhones(groupId)).toEqual([]);
  });

  it("stops a parse job that is still reading, at its next batch", async () => {
    const groupId = await createGroup(owner);
    const started = (await uploadFile(owner, groupId, "stop.csv", Buffer.from(MIXED_CSV))).json().data;
    const ctx = jobContextOf(t);
    let opened = 0;
    const storage = {
      ...ctx.storage,
      get: async (key: string) => {
        // The second read is the parse itself (the first one detects the encoding).
        opened += 1;
        if (opened === 2) await call(owner, "POST", `/c/contact-imports/${started.id}/cancel`);
        return ctx.storage.get(key);
      },
    };
    await parseImport(started.id, { ...ctx, storage }, { batchRows: 2 });
    expect(opened).toBe(2);
    expect(await stagedRows(started.id)).toBe(0);
    expect((await call(owner, "GET", `/c/contact-imports/${started.id}`)).json().data.status).toBe(
      "cancelled",
    );
  });
});

describe("deleting a group", () => {
  it("removes its imports and their staging rows (no per-row foreign key on the staging table)", async () => {
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "gone.csv", Buffer.from(MIXED_CSV));
    expect(await stagedRows(preview.id)).toBe(7);
    await t.db.delete(schema.contactGroups).where(eq(schema.contactGroups.id, groupId));
    expect(await stagedRows(preview.id)).toBe(0);
    expect((await call(owner, "GET", `/c/contact-imports/${preview.id}`)).statusCode).toBe(404);
  });
});

describe("job idempotency", () => {
  it("a parse that crashed after copying rows and runs again neither doubles rows nor counts", async () => {
    const groupId = await createGroup(owner, ["66898765432"]);
    const started = (await uploadFile(owner, groupId, "rerun.csv", Buffer.from(MIXED_CSV))).json().data;
    const ctx = jobContextOf(t);
    await parseImport(started.id, ctx, { batchRows: 2 });
    // As if the process died after the COPY batches, before the import left `parsing`.
    await t.db
      .update(schema.contactImports)
      .set({ status: "parsing" })
      .where(eq(schema.contactImports.id, started.id));
    await parseImport(started.id, ctx, { batchRows: 3 });
    await parseImport(started.id, ctx);
    await t.jobs.drain();
    const preview = (await call(owner, "GET", `/c/contact-imports/${started.id}`)).json().data;
    expect(counts(preview)).toEqual({ total: 7, valid: 3, invalid: 2, duplicate: 1, existing: 1 });
    expect(await stagedRows(started.id)).toBe(7);

    await call(owner, "POST", `/c/contact-imports/${started.id}/confirm`);
    await insertImport(started.id, ctx.db);
    await insertImport(started.id, ctx.db);
    await t.jobs.drain();
    const done = (await call(owner, "GET", `/c/contact-imports/${started.id}`)).json().data;
    expect(done).toMatchObject({ status: "completed", imported_rows: 3 });
    expect(await groupPhones(groupId)).toHaveLength(4);
  });

  it("an insert that crashed is rolled back whole and done again by the retry", async () => {
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "crash.csv", Buffer.from(MIXED_CSV));
    await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`);
    // A contact that appeared in the group since the preview is skipped, not doubled.
    await t.db
      .insert(schema.contacts)
      .values({ organizationId: owner.organizationId, groupId, phoneNumber: "66812345678" });
    const failing = {
      ...jobContextOf(t).db,
      transaction: (fn: (tx: never) => Promise<void>) =>
        t.db.transaction(async (tx) => {
          await fn(tx as never);
          throw new Error("crash before commit");
        }),
    };
    await expect(insertImport(preview.id, failing as never)).rejects.toThrow("crash before commit");
    expect(await groupPhones(groupId)).toEqual(["66812345678"]);
    expect(await stagedRows(preview.id)).toBe(7);
    await t.jobs.drain();
    const done = (await call(owner, "GET", `/c/contact-imports/${preview.id}`)).json().data;
    expect(done).toMatchObject({ status: "completed", imported_rows: 3 });
    expect(await groupPhones(groupId)).toHaveLength(4);
  });

  it("shows one import in the file's order on the group's newest-first list (review D26)", async () => {
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "order.csv", Buffer.from(MIXED_CSV));
    const duplicates = await call(owner, "GET", `/c/contact-imports/${preview.id}/rows?status=duplicate`);
    expect(duplicates.json().data.entities).toEqual([
      expect.objectContaining({ row_number: 3, first_name: "Again", same_as_row: 1 }),
    ]);
    await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`);
    // Slices of 3 cross a transaction: the order holds across slices too.
    await insertImport(preview.id, t.db, { sliceRows: 3 });
    const list = await call(owner, "GET", `/c/contact-groups/${groupId}/contacts`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.entities.map((c: { first_name: string }) => c.first_name)).toEqual([
      "Somchai",
      "Known",
      "Plus",
      "Quoted, Name",
    ]);
  });

  it("moves rows in short slices; a crash between slices keeps the slices done and the retry goes on", async () => {
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "slices.csv", Buffer.from(MIXED_CSV));
    await call(owner, "POST", `/c/contact-imports/${preview.id}/confirm`);
    let transactions = 0;
    const crashOnSecond = {
      ...jobContextOf(t).db,
      transaction: (fn: (tx: never) => Promise<unknown>) =>
        t.db.transaction(async (tx) => {
          const result = await fn(tx as never);
          transactions += 1;
          if (transactions === 2) throw new Error("crash in the second slice");
          return result;
        }),
    };
    await expect(insertImport(preview.id, crashOnSecond as never, { sliceRows: 2 })).rejects.toThrow(
      "crash in the second slice",
    );
    // The first slice (two of the four valid rows) is in the group and counted; the rest is still staged.
    expect(await groupPhones(groupId)).toHaveLength(2);
    const midway = (await call(owner, "GET", `/c/contact-imports/${preview.id}`)).json().data;
    expect(midway).toMatchObject({ status: "importing", imported_rows: 2 });
    await insertImport(preview.id, t.db, { sliceRows: 2 });
    const done = (await call(owner, "GET", `/c/contact-imports/${preview.id}`)).json().data;
    expect(done).toMatchObject({ status: "completed", imported_rows: 4 });
    expect(await groupPhones(groupId)).toHaveLength(4);
    expect(await stagedRows(preview.id)).toBe(0);
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another organization's group and import on every route", async () => {
    const groupId = await createGroup(owner);
    const preview = await importToPreview(groupId, "mine.csv", Buffer.from(MIXED_CSV));
    await expectCrossTenant404(t, other, [
      { method: "GET", url: `/api/v1/c/contact-groups/${groupId}/imports/current` },
      { method: "GET", url: `/api/v1/c/contact-imports/${preview.id}` },
      { method: "GET", url: `/api/v1/c/contact-imports/${preview.id}/rows?status=invalid` },
      {
        method: "PATCH",
        url: `/api/v1/c/contact-imports/${preview.id}/rows/2`,
        payload: { phone_number: "0811111111" },
      },
      { method: "POST", url: `/api/v1/c/contact-imports/${preview.id}/confirm` },
      { method: "POST", url: `/api/v1/c/contact-imports/${preview.id}/cancel` },
      { method: "GET", url: "/api/v1/c/contact-imports/not-a-uuid" },
    ]);
    const upload = await uploadFile(other, groupId, "theirs.csv", Buffer.from(MIXED_CSV));
    expect(upload.statusCode).toBe(404);
    // Nothing of theirs changed.
    const mine = (await call(owner, "GET", `/c/contact-imports/${preview.id}`)).json().data;
    expect(mine).toMatchObject({ status: "preview", invalid_rows: 2 });
    const [files] = await t.db
      .select({ n: count() })
      .from(schema.files)
      .where(eq(schema.files.organizationId, other.organizationId));
    expect(files?.n).toBe(0);
  });
});

describe("template", () => {
  it("downloads the CSV with a BOM, the header and example rows", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/c/contact-imports/template?format=csv" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("contacts-template.csv");
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("first_name,last_name,phone_number");
    expect(res.body).toContain("สมชาย,ใจดี,0812345678");
  });

  it("downloads the XLSX with the phone column as text", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/c/contact-imports/template?format=xlsx" });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, "first_name", "last_name", "phone_number"]);
    expect(sheet?.getRow(2).getCell(3).value).toBe("0812345678");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/c/contact-imports/template?format=pdf" }))
        .statusCode,
    ).toBe(400);
  });

  it("is itself importable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/c/contact-imports/template?format=xlsx" });
    const preview = await importToPreview(await createGroup(owner), "template.xlsx", res.rawPayload);
    expect(counts(preview)).toEqual({ total: 2, valid: 2, invalid: 0, duplicate: 0, existing: 0 });
  });
});

describe("progress", () => {
  it("writes processed rows between COPY batches", async () => {
    const groupId = await createGroup(owner);
    const lines = ["phone"];
    for (let i = 0; i < 250; i++) lines.push(`08${String(10_000_000 + i)}`);
    const started = (await uploadFile(owner, groupId, "many.csv", Buffer.from(lines.join("\n")))).json().data;
    const seen: number[] = [];
    const ctx = jobContextOf(t);
    const watching = {
      ...ctx,
      db: new Proxy(ctx.db, {
        get(target, key, receiver) {
          if (key === "update") {
            return (table: unknown) => {
              const builder = target.update(table as never);
              return new Proxy(builder, {
                get(b, k, r) {
                  if (k === "set") {
                    return (values: { processedRows?: number }) => {
                      if (table === schema.contactImports && values.processedRows !== undefined)
                        seen.push(values.processedRows);
                      return b.set(values as never);
                    };
                  }
                  return Reflect.get(b, k, r);
                },
              });
            };
          }
          return Reflect.get(target, key, receiver);
        },
      }),
    };
    await parseImport(started.id, watching, { batchRows: 100 });
    expect(seen).toEqual([100, 200, 250]);
  });
});
