import { schema } from "@sms/db";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

/**
 * Issue 23 point 9: an OTP code sent through POST /api/v2/otp/request never shows in the portal,
 * as the OTP report (modules/api-otp-reports) never shows the pin: not in the messages report, its
 * campaign view and detail, nor in its streamed and background CSV and XLSX exports.
 */
let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
/** The code as the handset received it, read from the stored send. */
let pin: string;
let otpCampaignId: number;
let otpMessageId: number;

const MSISDN = "0812349301";

beforeAll(async () => {
  t = await createTestApp();
  const f = sendFixtures(t);
  owner = await createTenant(t, { name: "Otp masking" });
  other = await createTenant(t, { name: "Otp masking other" });
  await f.fund(owner, 1_000);
  const keys = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${owner.organizationId}/api-key`,
    headers: owner.headers,
    payload: { kind: "otp" },
  });
  expect(keys.statusCode, keys.body).toBe(200);
  const [pair] = keys.json().data.issued as { key: string; secret: string }[];
  const sent = await t.app.inject({
    method: "POST",
    url: "/api/v2/otp/request",
    payload: { ...pair, msisdn: MSISDN },
  });
  expect(sent.statusCode, sent.body).toBe(200);

  const m = schema.messages;
  const [message] = await t.db
    .select({ id: m.id, campaignId: m.campaignId })
    .from(m)
    .where(and(eq(m.organizationId, owner.organizationId), eq(m.type, "otp")));
  if (!message) throw new Error("no otp message");
  otpMessageId = message.id;
  otpCampaignId = message.campaignId;
  const [campaign] = await t.db
    .select({ text: schema.campaigns.text })
    .from(schema.campaigns)
    .where(eq(schema.campaigns.id, otpCampaignId));
  pin = campaign?.text.match(/\d{6}/)?.[0] ?? "";
  expect(pin).toMatch(/^\d{6}$/);

  // A portal message of the same organization whose text has a 6-digit number: sent as written.
  await t.db.insert(m).values({
    createdAt: new Date(),
    organizationId: owner.organizationId,
    campaignId: otpCampaignId,
    seq: 2,
    type: "instant",
    sender: "ShopA",
    recipient: "66812349302",
    text: "Order 123456 has shipped",
    billedParts: 1,
    credits: 1,
    status: "delivered",
  });
});
afterAll(() => t?.close());

const get = (url: string, lang = "en") =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...owner.headers, "accept-language": lang },
  });

const maskedOtp = (text: string | undefined) => {
  expect(text).toBeDefined();
  expect(text).not.toContain(pin);
  expect(text).toContain("******");
};

describe("OTP codes in the messages report", () => {
  it("masks the code in the list and in the campaign's message list; other texts stay as sent", async () => {
    for (const url of ["/c/messages", `/c/messages?campaign_id=${otpCampaignId}`, "/c/messages?type=otp"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain(pin);
      const entities = res.json().data.entities as { id: number; type: string; message: string }[];
      const otp = entities.find((e) => e.id === otpMessageId);
      expect(otp?.type).toBe("otp");
      maskedOtp(otp?.message);
    }
    const all = (await get("/c/messages")).json().data.entities as { type: string; message: string }[];
    expect(all.find((e) => e.type === "instant")?.message).toBe("Order 123456 has shipped");
  });

  it("masks the code in the send's detail; another organization still gets 404", async () => {
    const res = await get(`/c/campaigns/${otpCampaignId}`);
    expect(res.statusCode).toBe(200);
    maskedOtp(res.json().data.message);
    expect(res.body).not.toContain(pin);
    await expectCrossTenant404(t, other, [{ method: "GET", url: `/api/v1/c/campaigns/${otpCampaignId}` }]);
  });

  it("never serves an OTP message as an SMS API message", async () => {
    const res = await get(`/c/api-messages/${otpMessageId}`);
    expect(res.statusCode).toBe(404);
  });

  it("masks the code in the streamed CSV and XLSX exports", async () => {
    const csv = await get("/c/messages/export-report?format=csv");
    expect(csv.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(csv.rawPayload.subarray(3).toString("utf8"), {
      skipEmptyLines: true,
    }).data;
    const otpRow = rows.find((r) => r[3] === "OTP");
    maskedOtp(otpRow?.[4]);
    expect(rows.find((r) => r[3] === "Instant")?.[4]).toBe("Order 123456 has shipped");
    expect(csv.rawPayload.toString("utf8")).not.toContain(pin);

    const xlsx = await get("/c/messages/export-report?format=xlsx&type=otp");
    expect(xlsx.statusCode).toBe(200);
    const values = await sheetValues(xlsx.rawPayload);
    expect(values).toHaveLength(2);
    maskedOtp(values[1]?.[4] as string);
    expect(JSON.stringify(values)).not.toContain(pin);
  });

  it("masks the code in background exports, CSV and XLSX", async () => {
    for (const format of ["csv", "xlsx"] as const) {
      const created = await t.app.inject({
        method: "POST",
        url: `/api/v1/c/message-exports?format=${format}&type=otp`,
        headers: { ...owner.headers, "accept-language": "en" },
      });
      expect(created.statusCode, created.body).toBe(202);
      await t.jobs.drain();
      const file = await get(`/c/message-exports/${created.json().data.id}/file`);
      expect(file.statusCode).toBe(200);
      const cells =
        format === "csv"
          ? Papa.parse<string[]>(file.rawPayload.subarray(3).toString("utf8"), { skipEmptyLines: true }).data
          : ((await sheetValues(file.rawPayload)) as string[][]);
      expect(cells).toHaveLength(2);
      maskedOtp(cells[1]?.[4]);
      expect(JSON.stringify(cells)).not.toContain(pin);
    }
  });
});

async function sheetValues(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  return sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
}
