import type { Readable } from "node:stream";
import { SliceSize, schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHEET_DATE_FORMAT } from "../../platform/spreadsheet-stream.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { jobContextOf } from "../../test/jobs.ts";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { bangkokTimestamp, defaultBatchSize, messageExportRows } from "./export-rows.ts";
import { writeMessageExport } from "./jobs.ts";
import { requestFromJson } from "./stream-export.ts";
import type { MessageOrder } from "./walk-messages.ts";

let t: TestContext;
let a: TestTenant;
let b: TestTenant;

const HOUR = 3600_000;
/** Well inside the default 7-day period and in the past. */
const base = Date.now() - 30 * HOUR;

interface Seed {
  recipient: string;
  type: "instant" | "campaign" | "api" | "otp";
  status: "queued" | "sent" | "delivered" | "failed" | "pending";
  credits: number;
  sender: string;
  text: string | null;
  at: number;
  /** The gateway's pair: a failed message's reason. */
  state?: number;
  code?: string;
}

/** Tenant A's messages: known statuses, credits, a formula-like text and Thai. */
const SEEDS: Seed[] = [
  {
    recipient: "66812345001",
    type: "instant",
    status: "delivered",
    credits: 1,
    sender: "ShopA",
    text: "สวัสดีครับ",
    at: base,
  },
  {
    recipient: "66812345002",
    type: "campaign",
    status: "failed",
    credits: 2,
    sender: "ShopA",
    text: '=HYPERLINK("http://evil","x")',
    at: base + HOUR,
    state: 3,
    code: "303",
  },
  {
    recipient: "66812345003",
    type: "api",
    status: "sent",
    credits: 3,
    sender: "+Promo",
    text: null,
    at: base + 2 * HOUR,
  },
  {
    recipient: "66812345001",
    type: "otp",
    status: "queued",
    credits: 1,
    sender: "ShopA",
    text: "@SUM(A1)",
    at: base + 3 * HOUR,
  },
  {
    recipient: "66912345004",
    type: "campaign",
    status: "delivered",
    credits: 5,
    sender: "ShopA",
    text: "-2+3",
    at: base + 4 * HOUR,
  },
];

async function seed(tenant: TestTenant, seeds: Seed[], campaignText: string): Promise<void> {
  const [campaign] = await t.db
    .insert(schema.campaigns)
    .values({
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      kind: "campaign",
      purpose: "general",
      name: "Report test",
      senderName: "ShopA",
      text: campaignText,
      recipients: seeds.length,
      credits: seeds.reduce((s, r) => s + r.credits, 0),
      chunkSize: 1000,
      acceptedAt: new Date(base),
    } as typeof schema.campaigns.$inferInsert)
    .returning({ id: schema.campaigns.id });
  await t.db.insert(schema.messages).values(
    seeds.map((s, i) => ({
      createdAt: new Date(s.at),
      organizationId: tenant.organizationId,
      campaignId: campaign!.id,
      seq: i + 1,
      type: s.type,
      sender: s.sender,
      recipient: s.recipient,
      text: s.text,
      billedParts: s.credits,
      credits: s.credits,
      status: s.status,
      ...(s.state === undefined ? {} : { state: s.state, code: s.code ?? null }),
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, { name: "Reports A" });
  b = await createTenant(t, { name: "Reports B" });
  await seed(a, SEEDS, "ข้อความแคมเปญ");
  await seed(
    b,
    [
      {
        recipient: "66812345001",
        type: "instant",
        status: "delivered",
        credits: 9,
        sender: "OtherCo",
        text: "B secret",
        at: base,
      },
    ],
    "B campaign",
  );
});
afterAll(() => t?.close());

const get = (tenant: TestTenant, url: string, lang = "en") =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...tenant.headers, "accept-language": lang },
  });

describe("GET /c/messages (the messages report)", () => {
  it("lists only the organization's messages, newest first, with the campaign text for messages without their own", async () => {
    const res = await get(a, "/c/messages");
    expect(res.statusCode).toBe(200);
    const { entities, page_information } = res.json().data;
    expect(page_information).toMatchObject({ page: 1, total_item: 5, total_pages: 1, limit: 5 });
    expect(entities.map((m: { recipient: string }) => m.recipient)).toEqual([
      "66912345004",
      "66812345001",
      "66812345003",
      "66812345002",
      "66812345001",
    ]);
    expect(entities[2].message).toBe("ข้อความแคมเปญ");
    expect(JSON.stringify(entities)).not.toContain("B secret");
  });

  it("sorts on the server by every header key, both ways", async () => {
    const credits = (await get(a, "/c/messages?sort=credits"))
      .json()
      .data.entities.map((m: { credits: number }) => m.credits);
    expect(credits).toEqual([1, 1, 2, 3, 5]);
    const down = (await get(a, "/c/messages?sort=credits&reverse=true")).json().data.entities;
    expect(down.map((m: { credits: number }) => m.credits)).toEqual([5, 3, 2, 1, 1]);
    const senders = (await get(a, "/c/messages?sort=sender")).json().data.entities;
    expect(senders[0].sender).toBe("+Promo");
    for (const key of ["recipient", "type", "status"])
      expect((await get(a, `/c/messages?sort=${key}`)).statusCode).toBe(200);
    const bad = await get(a, "/c/messages?sort=message");
    expect(bad.statusCode).toBe(400);
  });

  it("filters by status, type and phone in any form, and pages", async () => {
    expect((await get(a, "/c/messages?status=delivered")).json().data.page_information.total_item).toBe(2);
    expect((await get(a, "/c/messages?type=campaign")).json().data.page_information.total_item).toBe(2);
    expect((await get(a, "/c/messages?phone=0812345001")).json().data.page_information.total_item).toBe(2);
    expect((await get(a, "/c/messages?phone=%2B66812345001")).json().data.page_information.total_item).toBe(
      2,
    );
    const page = (await get(a, "/c/messages?size=2&page=3")).json().data;
    expect(page.page_information).toMatchObject({ page: 3, size: 2, total_pages: 3, total_item: 5 });
    expect(page.entities).toHaveLength(1);
  });

  it("refuses a bad phone, a future date, a too long period and a bad date, translated", async () => {
    const phone = await get(a, "/c/messages?phone=12ab");
    expect(phone.statusCode).toBe(400);
    expect(JSON.stringify(phone.json())).toContain("Phone Number is invalid!");
    const phoneTh = await get(a, "/c/messages?phone=12ab", "th");
    expect(JSON.stringify(phoneTh.json())).toContain("หมายเลขโทรศัพท์ไม่ถูกต้อง!");
    const future = await get(a, "/c/messages?start=2020-01-01&end=2999-01-01");
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toContain("Dates after today cannot be selected.");
    const long = await get(a, "/c/messages?start=2020-01-01&end=2020-03-01");
    expect(JSON.stringify(long.json())).toContain("The period is longer than this report allows.");
    const format = await get(a, "/c/messages?start=2020-1-1&end=2020-01-02", "th");
    expect(format.statusCode).toBe(400);
    expect(JSON.stringify(format.json())).toContain("กรุณากรอกวันที่ในรูปแบบ YYYY-MM-DD หรือ YYYY-MM-DD HH:mm");
    const minutes = await get(a, "/c/messages?start=2020-01-01%2010:00&end=2020-01-01%2009:00");
    expect(JSON.stringify(minutes.json())).toContain("The end must not be before the start.");
  });

  it("takes a period with minutes, in Bangkok time, end minute included", async () => {
    // The third message's Bangkok wall-clock minute, as the picker writes it.
    const bangkok = new Date(base + 2 * HOUR + 7 * HOUR).toISOString();
    const minute = `${bangkok.slice(0, 10)}%20${bangkok.slice(11, 16)}`;
    const res = await get(a, `/c/messages?start=${minute}&end=${minute}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.entities.map((m: { recipient: string }) => m.recipient)).toEqual(["66812345003"]);
  });
});

describe("GET /c/messages/summary", () => {
  it("answers exact totals for the filter, per status, for the organization only", async () => {
    const res = await get(a, "/c/messages/summary");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      total: 5,
      credits: 12,
      messages: { queued: 1, sent: 1, delivered: 2, failed: 1, pending: 0 },
      status_credits: { queued: 1, sent: 3, delivered: 6, failed: 2, pending: 0 },
    });
    const filtered = (await get(a, "/c/messages/summary?phone=0812345001")).json().data;
    expect(filtered).toMatchObject({ total: 2, credits: 2 });
    const other = (await get(b, "/c/messages/summary")).json().data;
    expect(other).toMatchObject({ total: 1, credits: 9 });
  });
});

describe("GET /c/messages/export-report", () => {
  it("streams CSV with a BOM, localized headers and labels, every formula-like cell protected", async () => {
    const res = await get(a, "/c/messages/export-report?format=csv", "th");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="messages-/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(raw.subarray(3).toString("utf8"), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      "เวลาที่สร้าง",
      "ผู้ส่ง",
      "ผู้รับ",
      "ประเภท",
      "ข้อความ",
      "เครดิต",
      "สถานะ",
      "สาเหตุที่ส่งไม่สำเร็จ",
      "แคมเปญ",
    ]);
    expect(rows).toHaveLength(6);
    const texts = rows.slice(1).map((r) => r[4]);
    expect(texts).toEqual([
      "'-2+3",
      "'@SUM(A1)",
      "ข้อความแคมเปญ",
      '\'=HYPERLINK("http://evil","x")',
      "สวัสดีครับ",
    ]);
    expect(rows[3]?.[1]).toBe("'+Promo");
    expect(rows[1]?.[2]).toBe("0912345004");
    expect(rows[1]?.[6]).toBe("ส่งถึงผู้รับแล้ว");
    // The reason only for the failed message; the campaign's name for campaign and API sends.
    expect(rows.slice(1).map((r) => r[7])).toEqual(["", "", "", "โทรศัพท์ปลายทางปิดเครื่อง", ""]);
    expect(rows.slice(1).map((r) => r[8])).toEqual(["Report test", "", "Report test", "Report test", ""]);
    expect(res.body).not.toContain("B secret");
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r\0]/);
  });

  it("streams XLSX with English headers, typed cells, sized columns and protected text", async () => {
    const res = await get(a, "/c/messages/export-report?format=xlsx&status=failed");
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual([
      "Created at",
      "Sender",
      "Recipient",
      "Type",
      "Message",
      "Credits",
      "Status",
      "Failure reason",
      "Campaign",
    ]);
    expect(values).toHaveLength(2);
    expect(values[1]?.[4]).toBe('\'=HYPERLINK("http://evil","x")');
    expect(values[1]?.[6]).toBe("Failed");
    expect(values[1]?.[3]).toBe("Campaign");
    expect(values[1]?.[7]).toBe("Mobile switched off");
    expect(values[1]?.[8]).toBe("Report test");
    const row = sheet.getRow(2);
    // A date holding Bangkok's wall clock, shown with its time; credits a number a SUM adds up.
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(row.getCell(1).numFmt).toBe(SHEET_DATE_FORMAT);
    expect(Math.abs((row.getCell(1).value as Date).getTime() - (SEEDS[1]!.at + 7 * HOUR))).toBeLessThan(5);
    expect(row.getCell(6).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(6).value).toBe(2);
    // The recipient stays text: its leading zero is kept.
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(3).value).toBe("0812345002");
    expect(sheet.columns.map((column) => column.width)).toEqual([20, 14, 14, 11, 60, 10, 18, 32, 24]);
  });

  it("refuses a bad format and another organization's campaign", async () => {
    expect((await get(a, "/c/messages/export-report?format=pdf")).statusCode).toBe(400);
    const [other] = await t.db
      .select({ id: schema.campaigns.id })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.organizationId, b.organizationId));
    await expectCrossTenant404(t, a, [
      { method: "GET", url: `/api/v1/c/messages/export-report?campaign_id=${other!.id}` },
      { method: "GET", url: `/api/v1/c/messages/summary?campaign_id=${other!.id}` },
    ]);
  });
});

describe("background exports (/c/message-exports)", () => {
  it("runs as a job with progress, downloads for the organization only, 404 for another", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/message-exports?format=csv&type=campaign",
      headers: { ...a.headers, "accept-language": "en" },
    });
    expect(created.statusCode).toBe(202);
    const job = created.json().data;
    expect(job).toMatchObject({ status: "queued", total_rows: 2, progress: 0, format: "csv" });
    const early = await get(a, `/c/message-exports/${job.id}/file`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      "The file is still being prepared. Please try again in a moment.",
    );

    await t.jobs.drain();
    const done = (await get(a, `/c/message-exports/${job.id}`)).json().data;
    expect(done).toMatchObject({ status: "done", progress: 100, rows_written: 2 });
    const file = await get(a, `/c/message-exports/${job.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(done.size_bytes).toBe(file.rawPayload.length);
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(file.rawPayload.subarray(3).toString("utf8"), {
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => r[3])).toEqual(["Type", "Campaign", "Campaign"]);

    await expectCrossTenant404(t, b, [
      { method: "GET", url: `/api/v1/c/message-exports/${job.id}` },
      { method: "GET", url: `/api/v1/c/message-exports/${job.id}/file` },
      { method: "GET", url: "/api/v1/c/message-exports/not-a-uuid" },
    ]);
  });

  it("a crash while writing leaves no file, and the retry writes the whole file", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/message-exports?format=xlsx",
      headers: a.headers,
    });
    const id = created.json().data.id as string;
    const ctx = jobContextOf(t);
    const real = ctx.storage;
    const crashing = {
      ...ctx,
      storage: {
        ...real,
        put: async (key: string, body: Readable) => {
          // Half a file read, then the worker dies: the stored object must not appear.
          const reader = body[Symbol.asyncIterator]();
          await reader.next();
          throw Object.assign(new Error("worker crashed"), { key });
        },
      },
    };
    await expect(writeMessageExport(id, crashing)).rejects.toThrow("worker crashed");
    const [after] = await t.db.select().from(schema.messageExports).where(eq(schema.messageExports.id, id));
    expect(after).toMatchObject({ status: "queued", storageKey: null, attempts: 1 });
    expect((await get(a, `/c/message-exports/${id}/file`)).statusCode).toBe(409);

    await writeMessageExport(id, ctx);
    const file = await get(a, `/c/message-exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(6);
    // Running it again (a duplicate delivery) changes nothing.
    await writeMessageExport(id, ctx);
    const [final] = await t.db.select().from(schema.messageExports).where(eq(schema.messageExports.id, id));
    expect(final).toMatchObject({ status: "done", attempts: 2, rowsWritten: 5 });
  });

  it("expired exports are gone", async () => {
    await t.db.execute(
      sql`update message_exports set expires_at = now() - interval '1 minute' where organization_id = ${a.organizationId}`,
    );
    const [row] = await t.db
      .select()
      .from(schema.messageExports)
      .where(eq(schema.messageExports.organizationId, a.organizationId));
    expect((await get(a, `/c/message-exports/${row!.id}`)).statusCode).toBe(404);
  });

  it("refuses a fourth unfinished export of the same organization, translated", async () => {
    const post = () =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/c/message-exports?format=csv",
        headers: { ...b.headers, "accept-language": "th" },
      });
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(202);
    const refused = await post();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("มีไฟล์ที่กำลังเตรียมอยู่ 3 ไฟล์แล้ว กรุณารอให้ไฟล์ใดไฟล์หนึ่งเสร็จก่อน");
  });
});

describe("GET /c/message-exports (recent exports)", () => {
  let c: TestTenant;
  const exportOf = (tenant: TestTenant, values: Partial<typeof schema.messageExports.$inferInsert>) =>
    t.db
      .insert(schema.messageExports)
      .values({
        organizationId: tenant.organizationId,
        userId: tenant.userId,
        format: "csv",
        locale: "en",
        filter: {},
        totalRows: 10,
        fileName: "messages.csv",
        expiresAt: new Date(Date.now() + HOUR),
        ...values,
      })
      .returning({ id: schema.messageExports.id })
      .then(([row]) => row!.id);
  const ids = async (tenant: Pick<TestTenant, "headers">, query = "") => {
    const res = await get(tenant as TestTenant, `/c/message-exports${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      entities: { id: string; status: string; progress: number }[];
      page_information: { page: number; size: number; total_item: number; total_pages: number };
    };
  };

  beforeAll(async () => {
    c = await createTenant(t, { name: "Exports C" });
  });

  it("answers the organization's unexpired exports, newest first, in pages; another organization sees none", async () => {
    const now = Date.now();
    const oldest = await exportOf(c, { createdAt: new Date(now - 3 * HOUR), status: "failed" });
    const done = await exportOf(c, {
      createdAt: new Date(now - 2 * HOUR),
      status: "done",
      rowsWritten: 10,
      storageKey: "exports/messages/x.csv",
      sizeBytes: 99,
    });
    const running = await exportOf(c, { createdAt: new Date(now - HOUR), status: "running", rowsWritten: 5 });
    const expired = await exportOf(c, {
      createdAt: new Date(now - HOUR / 2),
      expiresAt: new Date(now - 60_000),
    });

    const all = await ids(c);
    expect(all.entities.map((x) => x.id)).toEqual([running, done, oldest]);
    expect(all.entities.map((x) => [x.status, x.progress])).toEqual([
      ["running", 50],
      ["done", 100],
      ["failed", 0],
    ]);
    expect(all.page_information).toMatchObject({ page: 1, total_item: 3, total_pages: 1 });
    const second = await ids(c, "?size=2&page=2");
    expect(second.entities.map((x) => x.id)).toEqual([oldest]);
    expect(second.page_information).toMatchObject({ page: 2, size: 2, total_item: 3, total_pages: 2 });
    expect((await ids(c, "?reverse=false")).entities.map((x) => x.id)).toEqual([oldest, done, running]);
    expect(all.entities.map((x) => x.id)).not.toContain(expired);

    const others = (await ids(b)).entities.map((x) => x.id);
    for (const id of [oldest, done, running, expired]) expect(others).not.toContain(id);
    await expectCrossTenant404(t, b, [
      { method: "GET", url: `/api/v1/c/message-exports/${running}` },
      { method: "GET", url: `/api/v1/c/message-exports/${done}/file` },
    ]);
    await expectCrossTenant404(t, c, [{ method: "GET", url: `/api/v1/c/message-exports/${expired}` }]);
  });

  it("shows a member limited to its own reports only its own exports", async () => {
    const member = await createTenant(t, { name: "Exports member" });
    await addMember(t, c.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: c.organizationId })
      .where(eq(schema.users.id, member.userId));
    const asMember = {
      headers: { authorization: `Bearer ${await signIn(t, member.email, member.password)}` },
    };
    const own = await exportOf({ ...c, userId: member.userId }, {});
    expect((await ids(asMember)).entities.map((x) => x.id)).toEqual([own]);
    expect((await ids(c)).entities.map((x) => x.id)).toContain(own);
  });

  it("refuses a sort key it does not offer, translated", async () => {
    const res = await get(c, "/c/message-exports?sort=status");
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain("This list cannot be sorted by that column.");
  });
});

describe("exports follow the table's order", () => {
  /** Tenant A's seeds by index, as their exported created-at cell (each seed has its own hour). */
  const at = (...indexes: number[]) => indexes.map((i) => bangkokTimestamp(new Date(SEEDS[i]!.at)));
  /** Seeds are inserted in order, so their ids rise with the index: ties go by index. */
  const CASES: [MessageOrder, number[]][] = [
    [{ sort: "sender", reverse: false }, [2, 0, 1, 3, 4]],
    [{ sort: "sender", reverse: true }, [4, 3, 1, 0, 2]],
    [{ sort: "credits", reverse: false }, [0, 3, 1, 2, 4]],
    [{ sort: "credits", reverse: true }, [4, 2, 1, 3, 0]],
    [{ sort: "created_at", reverse: false }, [0, 1, 2, 3, 4]],
    [{ sort: "created_at", reverse: true }, [4, 3, 2, 1, 0]],
  ];
  const csvRows = (payload: Buffer) =>
    Papa.parse<string[]>(payload.subarray(3).toString("utf8"), { skipEmptyLines: true }).data.slice(1);

  it("reads bigger batches in an order without an index (fewer top-N sorts of the period)", () => {
    // By creation time: 1,000 to start with, then sized by what each batch kept the session.
    for (const reverse of [true, false]) {
      const size = defaultBatchSize({ sort: "created_at", reverse });
      expect(size).toBeInstanceOf(SliceSize);
      expect((size as SliceSize).size).toBe(1_000);
    }
    for (const sort of ["sender", "recipient", "type", "credits", "status"] as const) {
      expect(defaultBatchSize({ sort, reverse: true }), sort).toBe(25_000);
    }
  });

  it("walks the rows in each order, ties by id, across keyset batches of 1 and 2 rows", async () => {
    const scope = new TenantScope(t.db, a.organizationId);
    const filter = { start: new Date(base - HOUR), end: new Date(), ownUserId: null };
    for (const [order, expected] of CASES) {
      for (const batchSize of [1, 2]) {
        const cells: string[] = [];
        for await (const batch of messageExportRows({ scope, filter, order, batchSize }))
          cells.push(...batch.map((row) => bangkokTimestamp(row.createdAt)));
        expect({ order, batchSize, cells }).toEqual({ order, batchSize, cells: at(...expected) });
      }
    }
  });

  it("is the order of the table's own pages", async () => {
    for (const [order] of CASES) {
      const table = (await get(a, `/c/messages?sort=${order.sort}&reverse=${order.reverse}&size=100`))
        .json()
        .data.entities.map((m: { created_at: string }) => bangkokTimestamp(new Date(m.created_at)));
      const file = await get(
        a,
        `/c/messages/export-report?format=csv&sort=${order.sort}&reverse=${order.reverse}`,
      );
      expect(file.statusCode).toBe(200);
      expect({ order, cells: csvRows(file.rawPayload).map((r) => r[0]) }).toEqual({ order, cells: table });
    }
  });

  it("streams in the requested order, credits highest first, with the cells still protected", async () => {
    const res = await get(a, "/c/messages/export-report?format=csv&sort=credits&reverse=true");
    const rows = csvRows(res.rawPayload);
    expect(rows.map((r) => r[5])).toEqual(["5", "3", "2", "1", "1"]);
    expect(rows.map((r) => r[0])).toEqual(at(4, 2, 1, 3, 0));
    expect(rows[0]?.[4]).toBe("'-2+3");
  });

  it("writes a background export in the order it was asked with, across batches", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/message-exports?format=xlsx&sort=sender&reverse=true",
      headers: a.headers,
    });
    expect(created.statusCode).toBe(202);
    const id = created.json().data.id as string;
    await writeMessageExport(id, jobContextOf(t), { batchSize: 2 });
    const file = await get(a, `/c/message-exports/${id}/file`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const values = workbook.worksheets[0]!.getSheetValues()
      .slice(2)
      .map((row) => (row as unknown[]).slice(1));
    // The first column is a date holding Bangkok's wall clock: which seed each row is.
    const seedOf = (cell: unknown) =>
      SEEDS.findIndex((s) => Math.abs(s.at + 7 * HOUR - (cell as Date).getTime()) < 5);
    expect(values.map((r) => seedOf(r[0]))).toEqual([4, 3, 1, 0, 2]);
    expect(values.at(-1)?.[1]).toBe("'+Promo");
  });

  it("an export stored before exports followed the sort is still written newest first", () => {
    const stored = { start: new Date(base).toISOString(), end: new Date().toISOString(), ownUserId: null };
    expect(requestFromJson(stored).order).toEqual({ sort: "created_at", reverse: true });
  });

  it("refuses a sort key the table does not offer, translated, on both export paths", async () => {
    const streamed = await get(a, "/c/messages/export-report?format=csv&sort=message", "th");
    expect(streamed.statusCode).toBe(400);
    expect(JSON.stringify(streamed.json())).toContain("ไม่สามารถเรียงรายการนี้ตามคอลัมน์ที่เลือกได้");
    const background = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/message-exports?format=csv&sort=text;drop",
      headers: { ...a.headers, "accept-language": "en" },
    });
    expect(background.statusCode).toBe(400);
    expect(JSON.stringify(background.json())).toContain("This list cannot be sorted by that column.");
    const reverse = await get(a, "/c/messages/export-report?format=csv&sort=credits&reverse=up");
    expect(reverse.statusCode).toBe(400);
  });
});
