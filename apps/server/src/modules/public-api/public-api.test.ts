import { schema } from "@sms/db";
import { countSms } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobsIn, makeDue } from "../../test/jobs.ts";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, OWN_SENDER, ownSender, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;

interface Pair {
  key: string;
  secret: string;
}
type ApiTenant = TestTenant & { sms: Pair; otp: Pair };

async function apiTenant(name: string, credits: number): Promise<ApiTenant> {
  const tenant = await createTenant(t, { name });
  if (credits > 0) await f.fund(tenant, credits);
  await ownSender(t, tenant);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
    headers: tenant.headers,
    payload: { kind: "both" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const issued = res.json().data.issued as { kind: string; key: string; secret: string }[];
  const pair = (kind: string): Pair => {
    const found = issued.find((p) => p.kind === kind);
    if (!found) throw new Error(`no ${kind} pair`);
    return { key: found.key, secret: found.secret };
  };
  return { ...tenant, sms: pair("sms"), otp: pair("otp") };
}

const basic = (p: Pair) => `Basic ${Buffer.from(`${p.key}:${p.secret}`).toString("base64")}`;

function sendSms(pair: Pair | null, payload: Record<string, unknown>, remoteAddress = "203.0.113.9") {
  return t.app.inject({
    method: "POST",
    url: "/api/v2/sms",
    headers: pair ? { authorization: basic(pair) } : {},
    payload,
    remoteAddress,
  });
}

function credit(pair: Pair | null, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "GET",
    url: "/api/v2/credit",
    headers: { ...(pair ? { authorization: basic(pair) } : {}), ...headers },
  });
}

/** `YYYY-MM-DD HH:mm` on Bangkok's clock (UTC+7), `hours` from now. */
const bangkokWallClock = (hours: number) =>
  new Date(Date.now() + hours * 3_600_000 + 7 * 3_600_000).toISOString().slice(0, 16).replace("T", " ");

/** The SMS API report's list entry and detail of one message, as the tenant's member reads them. */
async function reportOf(tenant: TestTenant, messageId: number) {
  const list = await t.app.inject({
    method: "GET",
    url: "/api/v1/c/messages?type=api&size=100",
    headers: tenant.headers,
  });
  expect(list.statusCode, list.body).toBe(200);
  const entry = (list.json().data.entities as { id: number; scheduled_for?: string | null }[]).find(
    (e) => e.id === messageId,
  );
  const detail = await t.app.inject({
    method: "GET",
    url: `/api/v1/c/api-messages/${messageId}`,
    headers: tenant.headers,
  });
  expect(detail.statusCode, detail.body).toBe(200);
  return { entry, detail: detail.json().data as { scheduled_for: string | null } };
}

/** A send's chunk jobs with when pg-boss will start them. */
const chunkJobs = (campaignId: number) => jobsIn(t, "engine.dispatch-chunk", undefined, { campaignId });

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: number; name: string; description: string } }).error;

let a: ApiTenant;
let b: ApiTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  a = await apiTenant("Api A", 1_000);
  b = await apiTenant("Api B", 500);
});
afterAll(() => t?.close());

describe("POST /api/v2/sms", () => {
  it("stores one api message per number, charges the ledger and queues the dispatch", async () => {
    const before = await f.footprint(a);
    const res = await sendSms(a.sms, {
      msisdn: "0812345601,+66812345602",
      message: "Your parcel has arrived",
      sender: OWN_SENDER,
      tag: "parcels",
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      total_use_credit: 2,
      remaining_credit: before.balance - 2,
      credit_type: "standard",
      bad_phone_number_list: [],
    });
    expect(body.phone_number_list.map((p: { number: string }) => p.number)).toEqual([
      "66812345601",
      "66812345602",
    ]);
    const after = await f.footprint(a);
    expect(after.campaigns).toBe(before.campaigns + 1);
    expect(after.messages).toBe(before.messages + 2);
    expect(after.ledger).toBe(before.ledger + 1);
    expect(after.balance).toBe(before.balance - 2);
    const rows = await t.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.organizationId, a.organizationId));
    const sent = rows.filter((m) =>
      body.phone_number_list.some((p: { message_id: string }) => p.message_id === String(m.id)),
    );
    expect(sent).toHaveLength(2);
    for (const m of sent) {
      expect(m).toMatchObject({ type: "api", sender: OWN_SENDER, credits: 1 });
    }
    const sendId = sent[0]?.campaignId;
    const [send] = await t.db
      .select()
      .from(schema.campaigns)
      .where(eq(schema.campaigns.id, Number(sendId)));
    expect(send).toMatchObject({
      kind: "api",
      purpose: "general",
      name: "parcels",
      credits: 2,
      userId: null,
    });
    // Group-committed: the send rides in a dispatch-sends job, not a job of its own.
    expect(await f.chunkJobsOf(Number(sendId))).toEqual([]);
    const jobs = await f.sendsJobsOf(Number(sendId));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.campaigns).toContainEqual({ id: Number(sendId), recipients: 2 });
    const [entry] = await t.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.reference, `campaign:${sendId}`));
    expect(entry).toMatchObject({ credits: -2, reason: "ledger.api_send" });
  });

  it("lists invalid and repeated numbers as bad and charges only the good ones", async () => {
    const before = await f.footprint(a);
    const message = "สวัสดีครับ ทดสอบ"; // Thai: one UCS-2 part
    const res = await sendSms(a.sms, {
      msisdn: "0812345611, 12345, 66812345611,0712345678",
      message,
      sender: OWN_SENDER,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.phone_number_list).toEqual([
      { number: "66812345611", message_id: expect.any(String), used_credit: countSms(message).parts },
    ]);
    expect(body.bad_phone_number_list).toEqual([
      { number: "12345", message: "Invalid phone number." },
      { number: "66812345611", message: "Duplicate phone number in this request." },
      { number: "0712345678", message: "Invalid phone number." },
    ]);
    expect(body.total_use_credit).toBe(countSms(message).parts);
    const after = await f.footprint(a);
    expect(after.messages).toBe(before.messages + 1);
    expect(after.balance).toBe(before.balance - countSms(message).parts);
  });

  it("takes a form body as ThaiBulkSMS does", async () => {
    const before = await f.footprint(a);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v2/sms",
      headers: { authorization: basic(a.sms), "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        msisdn: "0812345621,0812345622,0812345623",
        message: "Form body",
        sender: OWN_SENDER,
        force: "corporate",
        shorten_url: "false",
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total_use_credit: 3, credit_type: "corporate" });
    expect((await f.footprint(a)).balance).toBe(before.balance - 3);
  });

  it("shortens links to tracked links with shorten_url", async () => {
    const res = await sendSms(a.sms, {
      msisdn: "0812345631",
      message: "Track https://example.com/parcel/12345",
      sender: OWN_SENDER,
      shorten_url: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().phone_number_list[0].message_id);
    const [m] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, id));
    expect(m?.text).toContain(t.app.config.publicUrl);
    expect(m?.text).not.toContain("example.com");
  });

  it("answers 401 without credentials, with a wrong secret, and with the OTP key", async () => {
    const payload = { msisdn: "0812345641", message: "x", sender: OWN_SENDER };
    const before = await f.footprint(a);
    for (const res of [
      await sendSms(null, payload),
      await sendSms({ key: a.sms.key, secret: `${a.sms.secret}x` }, payload),
      await sendSms(a.otp, payload),
      await t.app.inject({
        method: "POST",
        url: "/api/v2/sms",
        headers: { authorization: "Basic not-base64!" },
        payload,
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(401);
      expect(errorOf(res)).toEqual({
        code: 401,
        name: "ERROR_UNAUTHORIZED",
        description: "The API key or secret is missing or incorrect.",
      });
    }
    expect(await f.footprint(a)).toEqual(before);
  });

  it("answers 403 from an address outside the whitelist, and sends from one inside", async () => {
    await t.db
      .insert(schema.whitelistIps)
      .values({ organizationId: a.organizationId, name: "office", ipAddress: "192.0.2.0/24" });
    try {
      const payload = { msisdn: "0812345651", message: "hi", sender: OWN_SENDER };
      const denied = await sendSms(a.sms, payload, "198.51.100.7");
      expect(denied.statusCode, denied.body).toBe(403);
      expect(errorOf(denied)).toMatchObject({ code: 403, name: "ERROR_IP_NOT_ALLOWED" });
      expect(errorOf(denied).description).toContain("198.51.100.7");
      const allowed = await sendSms(a.sms, payload, "192.0.2.10");
      expect(allowed.statusCode, allowed.body).toBe(201);
    } finally {
      await t.db.delete(schema.whitelistIps).where(eq(schema.whitelistIps.organizationId, a.organizationId));
    }
  });

  it("answers 403 while the organization is suspended", async () => {
    const o = schema.organizations;
    await t.db
      .update(o)
      .set({
        suspendedAt: new Date(),
        suspendedUntil: new Date(Date.now() + 3_600_000),
        suspensionReason: "x",
      })
      .where(eq(o.id, b.organizationId));
    try {
      const res = await sendSms(b.sms, { msisdn: "0812345661", message: "hi", sender: OWN_SENDER });
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 403, name: "ERROR_ACCOUNT_SUSPENDED" });
      expect((await credit(b.sms)).statusCode).toBe(403);
    } finally {
      await t.db
        .update(o)
        .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
        .where(eq(o.id, b.organizationId));
    }
  });

  it("answers 402 when the credits do not cover the send, storing and charging nothing", async () => {
    const poor = await apiTenant("Api Poor", 2);
    const before = await f.footprint(poor);
    const res = await sendSms(poor.sms, {
      msisdn: "0812345671,0812345672,0812345673",
      message: "three numbers",
      sender: OWN_SENDER,
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(errorOf(res)).toEqual({
      code: 402,
      name: "ERROR_CREDIT_NOT_ENOUGH",
      description: "Not enough credit: 3 needed, 2 remaining.",
    });
    expect(await f.footprint(poor)).toEqual(before);
  });

  it("refuses a sender the organization may not use, and another organization's sender", async () => {
    const own = await f.approvedSender(b, "ApiBeeCo", "marketing");
    const before = await f.footprint(a);
    for (const sender of ["NoSuchName", own]) {
      const res = await sendSms(a.sms, { msisdn: "0812345681", message: "hi", sender });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 400, name: "ERROR_INVALID_SENDER" });
      expect(errorOf(res).description).toContain(sender);
    }
    expect(await f.footprint(a)).toEqual(before);
    // b's own sender works for b.
    expect((await sendSms(b.sms, { msisdn: "0812345682", message: "hi", sender: own })).statusCode).toBe(201);
  });

  it.each([
    [{ msisdn: "0812345691", message: "   ", sender: OWN_SENDER }, "ERROR_INVALID_PARAMETER"],
    [{ msisdn: "0812345691", sender: OWN_SENDER }, "ERROR_INVALID_PARAMETER"],
    [{ msisdn: "abc,123", message: "hi", sender: OWN_SENDER }, "ERROR_INVALID_MSISDN"],
    [{ msisdn: "0812345691", message: "hi", sender: OWN_SENDER, force: "gold" }, "ERROR_INVALID_PARAMETER"],
    [
      { msisdn: "0812345691", message: "hi", sender: OWN_SENDER, callback_url: "ftp://x.example" },
      "ERROR_INVALID_PARAMETER",
    ],
    [
      { msisdn: "0812345691", message: "hi", sender: OWN_SENDER, scheduled_delivery: "tomorrow" },
      "ERROR_INVALID_SCHEDULED_DELIVERY",
    ],
    [
      // Long gone.
      { msisdn: "0812345691", message: "hi", sender: OWN_SENDER, scheduled_delivery: "2001011000" },
      "ERROR_INVALID_SCHEDULED_DELIVERY",
    ],
    [
      // More than seven days ahead.
      {
        msisdn: "0812345691",
        message: "hi",
        sender: OWN_SENDER,
        scheduled_delivery: bangkokWallClock(8 * 24),
      },
      "ERROR_INVALID_SCHEDULED_DELIVERY",
    ],
  ])("refuses %j with 400 %s, charging nothing", async (payload, name) => {
    const before = await f.footprint(a);
    const res = await sendSms(a.sms, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 400, name });
    expect(errorOf(res).description).not.toBe("");
    expect(await f.footprint(a)).toEqual(before);
  });

  it("sends at scheduled_delivery: charged and stored now, the dispatch job waits for the time", async () => {
    const before = await f.footprint(a);
    const asked = bangkokWallClock(2);
    const res = await sendSms(a.sms, {
      msisdn: "0812345611",
      message: "Your appointment is tomorrow",
      sender: OWN_SENDER,
      scheduled_delivery: asked,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total_use_credit: 1, remaining_credit: before.balance - 1 });
    expect((await f.footprint(a)).balance).toBe(before.balance - 1);
    const id = Number(res.json().phone_number_list[0].message_id);
    const statusOf = async () =>
      (await t.db.select().from(schema.messages).where(eq(schema.messages.id, id)))[0]?.status;
    const [message] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, id));
    const sendId = Number(message?.campaignId);
    // Not group-committed: its own chunk job, starting at the minute asked for (Bangkok time).
    expect(await f.sendsJobsOf(sendId)).toEqual([]);
    expect(await f.chunkJobsOf(sendId)).toHaveLength(1);
    const [job] = await chunkJobs(sendId);
    const wanted = Math.floor((Date.now() + 2 * 3_600_000) / 60_000) * 60_000;
    expect(Math.abs(Number(job?.startAfter.getTime()) - wanted)).toBeLessThanOrEqual(60_000);
    await t.jobs.drain();
    expect(await statusOf()).toBe("queued");
    // The SMS API report says when it will go: the minute asked for, Bangkok time.
    const scheduledFor = new Date(`${asked.replace(" ", "T")}:00+07:00`).toISOString();
    const report = await reportOf(a, id);
    expect(report.entry).toMatchObject({ status: "queued", scheduled_for: scheduledFor });
    expect(report.detail.scheduled_for).toBe(scheduledFor);
    // The time comes: the job runs and the message goes to the gateway.
    await makeDue(t, "engine.dispatch-chunk", { campaignId: sendId });
    await t.jobs.drain();
    expect(await statusOf()).not.toBe("queued");
  });

  it("sends a scheduled_delivery a few minutes past at once", async () => {
    const res = await sendSms(a.sms, {
      msisdn: "0812345612",
      message: "hi",
      sender: OWN_SENDER,
      scheduled_delivery: bangkokWallClock(-0.05),
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().phone_number_list[0].message_id);
    const [message] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, id));
    expect(await f.sendsJobsOf(Number(message?.campaignId))).toHaveLength(1);
    const report = await reportOf(a, id);
    expect(report.entry).toMatchObject({ scheduled_for: null });
    expect(report.detail.scheduled_for).toBeNull();
  });

  it("stores an http(s) callback_url on the send", async () => {
    const res = await sendSms(a.sms, {
      msisdn: "0812345692",
      message: "hi",
      sender: OWN_SENDER,
      callback_url: "https://hooks.example.com/sms",
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().phone_number_list[0].message_id);
    const [m] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, id));
    const [send] = await t.db
      .select()
      .from(schema.campaigns)
      .where(eq(schema.campaigns.id, Number(m?.campaignId)));
    expect(send?.callbackUrl).toBe("https://hooks.example.com/sms");
  });
});

describe("GET /api/v2/credit", () => {
  it("reports the one balance in both fields, and only the caller's own", async () => {
    const resA = await credit(a.sms);
    expect(resA.statusCode, resA.body).toBe(200);
    const balanceA = await f.balance(a);
    expect(resA.json()).toEqual({ remaining_credit: { standard: balanceA, corporate: balanceA } });
    const resB = await credit(b.sms);
    const balanceB = await f.balance(b);
    expect(balanceB).not.toBe(balanceA);
    expect(resB.json()).toEqual({ remaining_credit: { standard: balanceB, corporate: balanceB } });
  });

  it("answers 401 without credentials or with the OTP key, in ThaiBulkSMS's shape", async () => {
    for (const res of [await credit(null), await credit(a.otp)]) {
      expect(res.statusCode).toBe(401);
      expect(errorOf(res)).toMatchObject({ code: 401, name: "ERROR_UNAUTHORIZED" });
    }
  });

  it("describes errors in Thai when asked", async () => {
    const res = await credit(null, { "accept-language": "th" });
    expect(errorOf(res).description).toBe("API key หรือ secret ไม่ถูกต้อง");
  });
});

describe("tenant isolation", () => {
  it("a key of organization A sends as A and is charged to A only", async () => {
    const beforeB = await f.footprint(b);
    const res = await sendSms(a.sms, { msisdn: "0812345699", message: "iso", sender: OWN_SENDER });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().phone_number_list[0].message_id);
    const [m] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, id));
    expect(m?.organizationId).toBe(a.organizationId);
    const { jobs: _jobsBefore, ...restBefore } = beforeB;
    const { jobs: _jobsAfter, ...restAfter } = await f.footprint(b);
    expect(restAfter).toEqual(restBefore);
  });
});

describe("OpenAPI", () => {
  it("documents both routes with Basic auth", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    const doc = res.json();
    expect(doc.paths["/api/v2/sms"].post.security).toEqual([{ basicAuth: [] }]);
    expect(doc.paths["/api/v2/credit"].get.tags).toEqual(["Public SMS API (ThaiBulkSMS v2)"]);
    expect(doc.components.securitySchemes.basicAuth).toEqual({ type: "http", scheme: "basic" });
  });
});

describe("the published thaibulksms-api client", () => {
  it("sends through our /api/v2 unchanged", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { default: thaibulksms } = await import("thaibulksms-api");
    const client = thaibulksms.sms({ apiKey: a.sms.key, apiSecret: a.sms.secret, api: `${address}/api/v2` });
    const before = await f.balance(a);
    const answer = (await client.sendSMS({
      msisdn: "0812345600",
      message: "From the published client",
      sender: OWN_SENDER,
    })) as { phone_number_list: { number: string; message_id: string }[]; remaining_credit: number };
    expect(answer).toMatchObject({
      total_use_credit: 1,
      remaining_credit: before - 1,
      bad_phone_number_list: [],
    });
    const id = Number(answer.phone_number_list[0]?.message_id);
    const [m] = await t.db.select().from(schema.messages).where(eq(schema.messages.id, id));
    expect(m).toMatchObject({ organizationId: a.organizationId, recipient: "66812345600", type: "api" });
    const refused = await client
      .sendSMS({ msisdn: "0812345600", message: "x", sender: OWN_SENDER, scheduled_delivery: "soon" })
      .then(
        () => null,
        (error: { status: number; data: unknown }) => error,
      );
    expect(refused?.status).toBe(400);
    expect(refused?.data).toMatchObject({ error: { name: "ERROR_INVALID_SCHEDULED_DELIVERY" } });
  });
});
