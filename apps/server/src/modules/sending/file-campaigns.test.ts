import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@sms/db";
import { countSms } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFiles, multipartBody, PNG, tis620, xlsx } from "../../test/files.ts";
import { errorOf, type SendTenant, sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { newStagingBatchId } from "./insert-staged-messages.ts";

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-file-campaigns-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir, ENGINE_CHUNK_SIZE: "2" } });
  f = sendFixtures(t);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Upload {
  filename?: string;
  data?: Buffer;
  fields?: Record<string, string>;
  dryRun?: boolean;
  headers?: Record<string, string>;
  locale?: string;
}

function upload(
  caller: SendTenant,
  { filename, data, fields = {}, dryRun, headers = {}, locale = "en" }: Upload,
) {
  const form = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(data ? [{ name: "file", filename: filename ?? "list.csv", data }] : []),
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/v1/c/campaigns/import${dryRun === undefined ? "" : `?dry_run=${dryRun}`}`,
    headers: { ...caller.headers, ...form.headers, "accept-language": locale, ...headers },
    payload: form.payload,
  });
}

const uploadsLeft = () => listFiles(join(dataDir, "uploads"));

// A header the phone column is recognised by, a Thai and a Latin name, an amount column; an invalid
// number, a repeat in another form, a blank row and a number Excel stored without its leading zero.
const DEBTS_CSV = [
  "phone_number,first_name,Amount Due",
  "0812345601,Somchai,1500",
  "12345,Bad,1",
  "081-234-5601,Again,2",
  "+66812345602,สมหญิง,300",
  "",
  "812345603,Lost Zero,50",
].join("\r\n");

const DEBTS_TEXT = "{first_name}: please pay {amount_due} baht ({phone_number})";

function expectedDebts() {
  return [
    ["66812345601", "Somchai: please pay 1500 baht (0812345601)"],
    ["66812345602", "สมหญิง: please pay 300 baht (0812345602)"],
    ["66812345603", "Lost Zero: please pay 50 baht (0812345603)"],
  ].map(([recipient, text]) => ({ recipient, text, parts: countSms(text!).parts }));
}

describe("POST /c/campaigns/import", () => {
  it("sends a CSV campaign: invalid and repeated rows dropped and counted, columns as tags", async () => {
    const tenant = await f.freshTenant(100);
    const res = await upload(tenant, {
      filename: "debts.csv",
      data: Buffer.from(DEBTS_CSV),
      fields: { sender: tenant.sender, purpose: "general", message: DEBTS_TEXT },
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json().data;
    const expected = expectedDebts();
    const credits = expected.reduce((sum, e) => sum + e.parts, 0);
    expect(campaign).toMatchObject({
      kind: "file",
      name: "debts.csv",
      file_name: "debts.csv",
      message: DEBTS_TEXT,
      recipients: 3,
      invalid: 1,
      duplicates: 1,
      suppressed: 0,
      credits,
      status: "queued",
    });
    const stored = await f.messagesOf(campaign.id);
    expect(stored.map((m) => ({ recipient: m.recipient, text: m.text, parts: m.billedParts }))).toEqual(
      expected,
    );
    expect(stored.map((m) => [m.seq, m.type, m.credits])).toEqual(
      expected.map((e, i) => [i + 1, "campaign", e.parts]),
    );
    expect(await f.balance(tenant)).toBe(100 - credits);
    expect(await f.chunkJobsOf(campaign.id)).toEqual([
      { from: 1, to: 2, state: "created" },
      { from: 3, to: 3, state: "created" },
    ]);
    expect(await f.queuedRollup(tenant, "campaign")).toEqual({ messages: 3, credits });
    // The staging rows were moved and removed; the upload was only the input.
    expect(await f.footprint(tenant)).toMatchObject({ staging: 0, files: 0 });
    expect(await uploadsLeft()).toEqual([]);
  });

  it("answers the same summary with dry_run=true and keeps nothing", async () => {
    const tenant = await f.freshTenant(100);
    const before = await f.footprint(tenant);
    const res = await upload(tenant, {
      filename: "debts.csv",
      data: Buffer.from(DEBTS_CSV),
      fields: { sender: tenant.sender, purpose: "general", message: DEBTS_TEXT },
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const credits = expectedDebts().reduce((sum, e) => sum + e.parts, 0);
    expect(res.json().data).toEqual({
      recipients: 3,
      invalid: 1,
      duplicates: 1,
      suppressed: 0,
      // Personalised, but every text happens to fit one part.
      parts: 1,
      min_parts: 1,
      max_parts: 1,
      credits,
      balance: 100,
      enough_credits: true,
      personalised: true,
      missing_values: 0,
      sample: { recipient: "0812345601", message: "Somchai: please pay 1500 baht (0812345601)" },
      text: expect.objectContaining({ encoding: "single-byte", length: DEBTS_TEXT.length }),
      opt_out: null,
      warnings: [],
      file_name: "debts.csv",
      rows: 5,
      encoding: "utf-8",
      phone_column: "phone_number",
      tags: ["{phone_number}", "{first_name}", "{amount_due}"],
    });
    expect(await f.footprint(tenant)).toEqual(before);
    expect(await uploadsLeft()).toEqual([]);
  });

  it("offers a column by its own header, fills an empty cell with the tag's fallback and counts the rest (D35, D36)", async () => {
    const tenant = await f.freshTenant(100);
    const csv = ["Name,Phone", ",0813100001", "Mani,0813100002"].join("\n");
    const dryRun = (message: string) =>
      upload(tenant, {
        filename: "names.csv",
        data: Buffer.from(csv),
        fields: { sender: tenant.sender, purpose: "general", message },
        dryRun: true,
      });
    const own = (await dryRun("Hi {name|friend}")).json().data;
    expect(own).toMatchObject({
      tags: ["{phone_number}", "{name}"],
      missing_values: 0,
      sample: { recipient: "0813100001", message: "Hi friend" },
    });
    // A template written for contacts still fits the same column.
    const template = await dryRun("Hi {first_name}");
    expect(template.statusCode, template.body).toBe(200);
    expect(template.json().data).toMatchObject({ missing_values: 1, sample: { message: "Hi " } });
    const sent = await upload(tenant, {
      filename: "names.csv",
      data: Buffer.from(csv),
      fields: { sender: tenant.sender, purpose: "general", message: "Hi {name|friend}" },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const stored = await f.messagesOf(sent.json().data.id);
    expect(stored.map((m) => m.text)).toEqual(["Hi friend", "Hi Mani"]);
  });

  it("reads an XLSX file and a header-less one-column CSV", async () => {
    const tenant = await f.freshTenant(100);
    const book = xlsx([
      ["ชื่อ", "เบอร์โทร"],
      ["มานี", "0813000001"],
      ["ชูใจ", "0813000002"],
    ]);
    const fromXlsx = await upload(tenant, {
      filename: "list.xlsx",
      data: book,
      fields: { name: "Excel", sender: tenant.sender, purpose: "general", message: "สวัสดี {first_name}" },
    });
    expect(fromXlsx.statusCode, fromXlsx.body).toBe(201);
    expect(fromXlsx.json().data).toMatchObject({ name: "Excel", recipients: 2, credits: 2 });
    expect((await f.messagesOf(fromXlsx.json().data.id)).map((m) => m.text)).toEqual([
      "สวัสดี มานี",
      "สวัสดี ชูใจ",
    ]);

    const plain = await upload(tenant, {
      data: Buffer.from("0813000003\n0813000004\n0813000003\n"),
      fields: { name: "Numbers", sender: tenant.sender, purpose: "general", message: "Hello" },
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data).toMatchObject({ recipients: 2, duplicates: 1, invalid: 0 });
    expect((await f.messagesOf(plain.json().data.id)).every((m) => m.text === null)).toBe(true);
  });

  it("reads a Thai Windows-874 CSV and keeps line breaks and tabs of the message", async () => {
    const tenant = await f.freshTenant(100);
    const text = "เรียน {first_name}\nยอด\t{amount}";
    const res = await upload(tenant, {
      data: tis620("tel,first_name,amount\r\n0814000001,สมชาย,100\r\n"),
      fields: { name: "TIS", sender: tenant.sender, purpose: "general", message: text },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await f.messagesOf(res.json().data.id))[0]?.text).toBe("เรียน สมชาย\nยอด\t100");
  });

  it("finds the phone column the caller names", async () => {
    const tenant = await f.freshTenant(100);
    const csv = "Customer,Number,Branch\nAnn,0815000001,Silom\nBen,0815000002,Ari\n";
    const named = await upload(tenant, {
      data: Buffer.from(csv),
      fields: {
        sender: tenant.sender,
        purpose: "general",
        message: "{customer} at {branch}",
        phone_column: "number",
      },
      dryRun: true,
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toMatchObject({ recipients: 2, invalid: 0, phone_column: "Number" });
    const missing = await upload(tenant, {
      data: Buffer.from(csv),
      fields: { sender: tenant.sender, purpose: "general", message: "Hi", phone_column: "Mobile" },
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).details).toEqual([
      { path: "phone_column", message: 'The file\'s header row has no column "Mobile".' },
    ]);
  });

  it("refuses a tag the file has no column for, naming the ones it has", async () => {
    const tenant = await f.freshTenant(100);
    const res = await upload(tenant, {
      data: Buffer.from(DEBTS_CSV),
      fields: { sender: tenant.sender, purpose: "general", message: "Hi {nickname}" },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(
      "The file has no column for the tag {nickname}. Tags you can use: {phone_number}, {first_name}, {amount_due}",
    );
    expect(errorOf(res).details?.[0]?.path).toBe("message");
    expect(await uploadsLeft()).toEqual([]);
  });

  it("refuses a missing or unsupported file with the contact import's messages", async () => {
    const tenant = await f.freshTenant(100);
    const none = await upload(tenant, {
      fields: { sender: tenant.sender, purpose: "general", message: "Hi" },
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).message).toBe("Please add file .csv or .xls file!");
    const png = await upload(tenant, {
      filename: "list.png",
      data: PNG,
      fields: { sender: tenant.sender, purpose: "general", message: "Hi" },
    });
    expect(png.statusCode).toBe(400);
    expect(errorOf(png).details).toEqual([{ path: "file", message: "Unsupported file format" }]);
    const th = await upload(tenant, { fields: { sender: tenant.sender }, locale: "th" });
    expect(errorOf(th).message).toBe("กรุณาแนบไฟล์ .csv หรือไฟล์ Excel");
  });

  it("checks the fields like a JSON body and removes the upload", async () => {
    const tenant = await f.freshTenant(100);
    const res = await upload(tenant, {
      data: Buffer.from("0816000001\n"),
      fields: { purpose: "gossip", message: "Hi" },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([
      { path: "sender", message: "Please choose the sender name." },
      { path: "purpose", message: "Please choose the purpose: general, marketing or debt collection." },
    ]);
    expect(await uploadsLeft()).toEqual([]);
    expect((await f.footprint(tenant)).files).toBe(0);
  });

  it("takes a 1,000-character Thai message as a field, and refuses a field cut by the parser's limit", async () => {
    const tenant = await f.freshTenant(100);
    const thai = await upload(tenant, {
      data: Buffer.from("0816100001\n"),
      fields: { sender: tenant.sender, purpose: "general", message: "ก".repeat(1000) },
      dryRun: true,
    });
    expect(thai.statusCode, thai.body).toBe(200);
    expect(thai.json().data).toMatchObject({ parts: 15, credits: 15 });
    const huge = await upload(tenant, {
      data: Buffer.from("0816100001\n"),
      fields: { sender: tenant.sender, purpose: "general", message: "a".repeat(9000) },
    });
    expect(huge.statusCode).toBe(400);
    expect(errorOf(huge).details).toEqual([{ path: "message", message: "This value is too long." }]);
    expect(await uploadsLeft()).toEqual([]);
  });

  it("stores nothing when the balance is too low", async () => {
    const tenant = await f.freshTenant(1);
    const before = await f.footprint(tenant);
    const res = await upload(tenant, {
      data: Buffer.from("0817000001\n0817000002\n"),
      fields: { sender: tenant.sender, purpose: "general", message: "Hi" },
    });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).message).toBe("Not enough credits: this send needs 2 credits and the balance is 1.");
    const th = await upload(tenant, {
      data: Buffer.from("0817000001\n0817000002\n"),
      fields: { sender: tenant.sender, purpose: "general", message: "Hi" },
      locale: "th",
    });
    expect(errorOf(th).message).toBe("เครดิตไม่เพียงพอ: การส่งครั้งนี้ใช้ 2 เครดิต แต่มีเครดิตคงเหลือ 1 เครดิต");
    expect(await f.footprint(tenant)).toEqual(before);
    expect(before).toMatchObject({ campaigns: 0, messages: 0, staging: 0, files: 0, balance: 1 });
    expect(await uploadsLeft()).toEqual([]);
  });

  it("drops suppressed numbers from a marketing file, in the dry run and in the send alike", async () => {
    const tenant = await f.freshTenant(100);
    await f.suppress(tenant, "66818000002");
    const file = {
      data: Buffer.from("phone\n0818000001\n0818000002\n0818000003\n"),
      fields: { name: "Promo", sender: tenant.sender, purpose: "marketing", message: "Sale" },
    };
    const preview = await upload(tenant, { ...file, dryRun: true });
    expect(preview.json().data).toMatchObject({ recipients: 2, suppressed: 1, credits: 2 });
    const sent = await upload(tenant, file);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ recipients: 2, suppressed: 1, credits: 2 });
    expect((await f.messagesOf(sent.json().data.id)).map((m) => [m.seq, m.recipient])).toEqual([
      [1, "66818000001"],
      [2, "66818000003"],
    ]);
    expect(await f.balance(tenant)).toBe(98);
  });

  it("answers 422 when every number is invalid or suppressed, storing nothing", async () => {
    const tenant = await f.freshTenant(100);
    const before = await f.footprint(tenant);
    const res = await upload(tenant, {
      data: Buffer.from("phone\n12345\n999\n"),
      fields: { sender: tenant.sender, purpose: "general", message: "Hi" },
    });
    expect(res.statusCode).toBe(422);
    expect(await f.footprint(tenant)).toEqual(before);
  });

  it("honours Idempotency-Key: the retried upload answers the first campaign", async () => {
    const tenant = await f.freshTenant(100);
    const file = {
      data: Buffer.from("0819000001\n"),
      fields: { sender: tenant.sender, purpose: "general", message: "Hi" },
      headers: { "idempotency-key": "file-upload-1" },
    };
    const first = await upload(tenant, file);
    const again = await upload(tenant, file);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await f.balance(tenant)).toBe(99);
    expect(await uploadsLeft()).toEqual([]);
  });

  it("removes staging rows a crashed acceptance left behind over an hour ago, and only those", async () => {
    const tenant = await f.freshTenant(100);
    const old = newStagingBatchId(new Date(Date.now() - 2 * 60 * 60 * 1000));
    const recent = newStagingBatchId(new Date(Date.now() - 10 * 60 * 1000));
    for (const batchId of [old, recent]) {
      await t.db
        .insert(schema.messageStaging)
        .values({ batchId, seq: 1, recipient: "66819900001", billedParts: 1, credits: 1 });
    }
    const res = await upload(tenant, {
      data: Buffer.from("0819900002\n"),
      fields: { sender: tenant.sender, purpose: "general", message: "Hi" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const left = await t.db.select({ batchId: schema.messageStaging.batchId }).from(schema.messageStaging);
    expect(left).toEqual([{ batchId: recent }]);
    await t.db.delete(schema.messageStaging).where(eq(schema.messageStaging.batchId, recent));
  });
});
