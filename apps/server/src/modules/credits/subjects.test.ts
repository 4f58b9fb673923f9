import { schema } from "@sms/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";
import { credit, debit } from "./ledger.ts";

/** Review D54: the credit history names what each entry belongs to, never a raw "campaign:6". */
let t: TestContext;
let a: TestTenant;
let b: TestTenant;
const ids: Record<string, number> = {};

async function send(
  tenant: TestTenant,
  kind: "campaign" | "file" | "instant" | "api",
  name: string,
  message?: "api" | "otp",
) {
  const acceptedAt = new Date();
  const [row] = await t.db
    .insert(schema.campaigns)
    .values({
      organizationId: tenant.organizationId,
      userId: tenant.userId,
      kind,
      purpose: "general",
      name,
      senderName: "ShopA",
      text: "สวัสดี",
      recipients: 1,
      credits: 1,
      chunkSize: 1000,
      acceptedAt,
    } as typeof schema.campaigns.$inferInsert)
    .returning({ id: schema.campaigns.id });
  if (message) {
    await t.db.insert(schema.messages).values({
      createdAt: acceptedAt,
      organizationId: tenant.organizationId,
      campaignId: row!.id,
      seq: 1,
      type: message,
      sender: "ShopA",
      recipient: "66812345678",
      billedParts: 1,
      credits: 1,
    });
  }
  return row!.id;
}

const used = (tenant: TestTenant, reason: string, reference: string) =>
  t.db.transaction((tx) =>
    debit(tx, { organizationId: tenant.organizationId, credits: 1, reason, reference }),
  );

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t, { name: "Subjects A" });
  b = await createTenant(t, { name: "Subjects B" });
  ids.campaign = await send(a, "campaign", "โปรสิ้นปี VIP");
  ids.file = await send(a, "file", "Due notices");
  ids.instant = await send(a, "instant", "0812345678");
  ids.api = await send(a, "api", "API");
  ids.tagged = await send(a, "api", "billing");
  ids.otp = await send(a, "api", "OTP");
  // Recorded before OTP charges had their own reason: an API send whose one message is an OTP.
  ids.legacyOtp = await send(a, "api", "OTP", "otp");
  // An SMS API send tagged "OTP" by its caller is still an API send.
  ids.taggedOtp = await send(a, "api", "OTP", "api");
  ids.theirs = await send(b, "campaign", "B's secret launch");
  await t.db.transaction((tx) =>
    credit(tx, "earned", {
      organizationId: a.organizationId,
      credits: 100,
      reason: "ledger.order_approved",
      reference: "order:7",
    }),
  );
  await used(a, "ledger.campaign", `campaign:${ids.campaign}`);
  await used(a, "ledger.file_campaign", `campaign:${ids.file}`);
  await used(a, "ledger.instant_message", `campaign:${ids.instant}`);
  await used(a, "ledger.api_send", `campaign:${ids.api}`);
  await used(a, "ledger.api_send", `campaign:${ids.tagged}`);
  await used(a, "ledger.otp_send", `campaign:${ids.otp}`);
  await used(a, "ledger.api_send", `campaign:${ids.legacyOtp}`);
  await used(a, "ledger.api_send", `campaign:${ids.taggedOtp}`);
  // A reference to another organization's send names nothing of it.
  await used(a, "ledger.campaign", `campaign:${ids.theirs}`);
  await used(a, "Staff's own words", "adjustment:abc");
  await used(a, "ledger.expired", "expiry:2026-11-23");
  await used(a, "Imported", "legacy-42");
});
afterAll(() => t?.close());

type Subject = { kind: string; id: number | null; label: string };
async function subjects(
  lang: "th" | "en",
): Promise<{ reference: string; reason: string; subject: Subject }[]> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/v1/c/me/credits?size=100&reverse=false",
    headers: { ...a.headers, "accept-language": lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.entities;
}

describe("credit entry subjects", () => {
  it("names each reference in English, with the id the page links", async () => {
    const byRef = new Map((await subjects("en")).map((e) => [e.reference, e.subject]));
    expect(byRef.get("order:7")).toEqual({ kind: "order", id: 7, label: "Order #7" });
    expect(byRef.get(`campaign:${ids.campaign}`)).toEqual({
      kind: "campaign",
      id: ids.campaign,
      label: "Campaign โปรสิ้นปี VIP",
    });
    expect(byRef.get(`campaign:${ids.file}`)).toEqual({
      kind: "campaign",
      id: ids.file,
      label: "Campaign Due notices",
    });
    expect(byRef.get(`campaign:${ids.instant}`)).toEqual({
      kind: "campaign",
      id: ids.instant,
      label: "Instant message to 0812345678",
    });
    expect(byRef.get(`campaign:${ids.api}`)).toEqual({ kind: "api", id: ids.api, label: "API send" });
    expect(byRef.get(`campaign:${ids.tagged}`)).toEqual({
      kind: "api",
      id: ids.tagged,
      label: "API send (billing)",
    });
    expect(byRef.get(`campaign:${ids.otp}`)).toEqual({ kind: "otp", id: ids.otp, label: "OTP" });
    expect(byRef.get(`campaign:${ids.theirs}`)).toEqual({
      kind: "campaign",
      id: ids.theirs,
      label: `Campaign #${ids.theirs}`,
    });
    expect(byRef.get("adjustment:abc")).toEqual({ kind: "adjustment", id: null, label: "Adjusted by staff" });
    expect(byRef.get("expiry:2026-11-23")).toEqual({
      kind: "expiry",
      id: null,
      label: "Expired on 23 Nov 2026",
    });
    expect(byRef.get("legacy-42")).toEqual({ kind: "other", id: null, label: "legacy-42" });
    expect(JSON.stringify([...byRef.values()])).not.toContain("B's secret launch");
  });

  it("labels an OTP charge as OTP, not as an API send, and speaks Thai to a Thai reader", async () => {
    const entries = await subjects("th");
    const otp = entries.find((e) => e.reference === `campaign:${ids.otp}`);
    expect(otp?.reason).toBe("ส่งรหัส OTP");
    expect(otp?.subject.label).toBe("รหัส OTP");
    const legacy = entries.find((e) => e.reference === `campaign:${ids.legacyOtp}`);
    expect(legacy).toMatchObject({ reason: "ส่งรหัส OTP", subject: { kind: "otp", label: "รหัส OTP" } });
    const tagged = entries.find((e) => e.reference === `campaign:${ids.taggedOtp}`);
    expect(tagged).toMatchObject({ reason: "ส่งผ่าน API", subject: { kind: "api", label: "ส่งผ่าน API (OTP)" } });
    const byRef = new Map(entries.map((e) => [e.reference, e.subject.label]));
    expect(byRef.get(`campaign:${ids.campaign}`)).toBe("แคมเปญ โปรสิ้นปี VIP");
    expect(byRef.get("order:7")).toBe("คำสั่งซื้อ #7");
    expect(byRef.get(`campaign:${ids.api}`)).toBe("ส่งผ่าน API");
    expect(byRef.get("expiry:2026-11-23")).toMatch(/^หมดอายุวันที่ 23 พ\.ย\. 2569$/);
    for (const label of byRef.values()) expect(label).not.toMatch(/^campaign:|^order:/);
  });

  it("names them the same way for staff on the organization's page", async () => {
    const staff = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/admin/organizations/${a.organizationId}`,
      headers: { ...staff, "accept-language": "en" },
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data as {
      recent_credit_entries: { reference: string; reason: string; subject: Subject }[];
    };
    const campaign = detail.recent_credit_entries.find((e) => e.reference === `campaign:${ids.campaign}`);
    expect(campaign?.subject).toEqual({ kind: "campaign", id: ids.campaign, label: "Campaign โปรสิ้นปี VIP" });
    const order = detail.recent_credit_entries.find((e) => e.reference === "order:7");
    expect(order?.subject.label).toBe("Order #7");
    const legacy = detail.recent_credit_entries.find((e) => e.reference === `campaign:${ids.legacyOtp}`);
    expect(legacy).toMatchObject({ reason: "OTP sent", subject: { kind: "otp", label: "OTP" } });
  });
});
