import { createHash } from "node:crypto";
import { SHARED_SENDER, schema } from "@sms/db";
import { countSms, fillOtpMessage, OTP_DEFAULT_MESSAGES } from "@sms/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, ownSender, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { API_OTP_SEND_LIMIT, OtpQuotaExceeded, requestOtp } from "./otp-requests.ts";
import { verifyOtp } from "./otp-verify.ts";

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

const REMOTE = "203.0.113.9";

function otpRequest(pair: Pair, fields: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/v2/otp/request",
    payload: { key: pair.key, secret: pair.secret, ...fields },
    headers,
    remoteAddress: REMOTE,
  });
}

function otpVerify(pair: Pair, token: string, pin: string | number) {
  return t.app.inject({
    method: "POST",
    url: "/api/v2/otp/verify",
    payload: { key: pair.key, secret: pair.secret, token, pin },
    remoteAddress: REMOTE,
  });
}

type OtpErrorBody = { code: number; errors: { message: string; name: string; field?: string }[] };
const otpError = (res: { json: () => unknown }) => res.json() as OtpErrorBody;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

async function otpRow(token: string) {
  const [row] = await t.db
    .select()
    .from(schema.apiOtpRequests)
    .where(eq(schema.apiOtpRequests.tokenHash, tokenHash(token)));
  if (!row) throw new Error("no otp row");
  return row;
}

/** The SMS a code went out in, and the pin read from its text (as the phone's owner would). */
async function sentCode(token: string) {
  const row = await otpRow(token);
  const [message] = await t.db
    .select()
    .from(schema.messages)
    .where(eq(schema.messages.id, Number(row.messageId)));
  if (!message) throw new Error("no otp message");
  const [campaign] = await t.db
    .select()
    .from(schema.campaigns)
    .where(eq(schema.campaigns.id, message.campaignId));
  if (!campaign) throw new Error("no otp send");
  const text = message.text ?? campaign.text;
  const pin = /\b(\d{6})\b/.exec(text)?.[1];
  if (!pin) throw new Error(`no pin in ${text}`);
  return { row, message, campaign, text, pin };
}

/** A code requested and its pin. */
async function issued(tenant: ApiTenant, msisdn: string) {
  const res = await otpRequest(tenant.otp, { msisdn });
  expect(res.statusCode, res.body).toBe(200);
  const { token, refno } = res.json() as { token: string; refno: string };
  return { token, refno, ...(await sentCode(token)) };
}

let a: ApiTenant;
let b: ApiTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  a = await apiTenant("Otp A", 1_000);
  b = await apiTenant("Otp B", 1_000);
});
afterAll(() => t?.close());

describe("POST /api/v2/otp/request", () => {
  it("sends the organization's default Thai text as one otp message and charges it", async () => {
    const before = await f.footprint(a);
    const res = await otpRequest(a.otp, { msisdn: "0812340001" });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: "success", token: expect.any(String), refno: expect.any(String) });
    expect(body.refno).toMatch(/^[A-Z2-9]{6}$/);
    expect(body.token.length).toBeGreaterThanOrEqual(40);

    const { row, message, campaign, text, pin } = await sentCode(body.token);
    expect(pin).toMatch(/^\d{6}$/);
    expect(text).toBe(fillOtpMessage(OTP_DEFAULT_MESSAGES.th, { pin, refno: body.refno, minutes: 5 }));
    const credits = countSms(text).parts;
    expect(message).toMatchObject({
      type: "otp",
      recipient: "66812340001",
      sender: SHARED_SENDER.name,
      credits,
      organizationId: a.organizationId,
    });
    expect(campaign).toMatchObject({ kind: "api", name: "OTP", userId: null });
    expect(row).toMatchObject({
      organizationId: a.organizationId,
      msisdn: "66812340001",
      refno: body.refno,
      status: "pending",
      attempts: 0,
      credits,
    });
    // Only digests are stored.
    expect(row.pinHash).not.toContain(pin);
    expect(row.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.tokenHash).toBe(tokenHash(body.token));
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBe(5 * 60 * 1000);

    const after = await f.footprint(a);
    expect(after.balance).toBe(before.balance - credits);
    expect(after.messages).toBe(before.messages + 1);
    expect(after.ledger).toBe(before.ledger + 1);
    // The charge is an OTP in the credit history, not an API send (review D54).
    const [entry] = await t.db
      .select({ reason: schema.creditEntries.reason, reference: schema.creditEntries.reference })
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.reference, `campaign:${campaign.id}`));
    expect(entry).toEqual({ reason: "ledger.otp_send", reference: `campaign:${campaign.id}` });
  });

  it("uses the organization's own texts and language, and `lang` overrides the language", async () => {
    const tenant = await apiTenant("Otp texts", 100);
    // An organization's own words go out under its own sender only (ADR 32).
    const sender = await ownSender(t, tenant, { name: "AcmeOtp", type: "otp" });
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/v1/c/api-settings",
      headers: tenant.headers,
      payload: {
        otp_sender: sender,
        otp_language: "en",
        otp_message_th: "รหัสของคุณ {pin} อ้างอิง {refno}",
        otp_message_en: "Acme code {pin}, ref {refno}, {minutes} min",
        rate_limit_per_second: 50,
        pump_prefix_max: 200,
        pump_fresh_key_max: 300,
      },
    });
    expect(put.statusCode, put.body).toBe(200);

    const en = await issued(tenant, "0812340002");
    expect(en.text).toBe(`Acme code ${en.pin}, ref ${en.refno}, 5 min`);

    const res = await otpRequest(tenant.otp, { msisdn: "0812340002", lang: "th" });
    expect(res.statusCode, res.body).toBe(200);
    const th = await sentCode(res.json().token);
    expect(th.text).toBe(`รหัสของคุณ ${th.pin} อ้างอิง ${res.json().refno}`);

    // A saved change applies to the next request (the settings come with the key's lookup, ADR 107).
    const again = await t.app.inject({
      method: "PUT",
      url: "/api/v1/c/api-settings",
      headers: tenant.headers,
      payload: {
        otp_sender: sender,
        otp_language: "en",
        otp_message_th: null,
        otp_message_en: "Acme {pin} ({minutes} min)",
        rate_limit_per_second: 50,
        pump_prefix_max: 200,
        pump_fresh_key_max: 300,
        otp_code_length: 4,
        otp_valid_minutes: 3,
      },
    });
    expect(again.statusCode, again.body).toBe(200);
    const changed = await otpRequest(tenant.otp, { msisdn: "0812340003" });
    expect(changed.statusCode, changed.body).toBe(200);
    const row = await otpRow(changed.json().token);
    const [message] = await t.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.id, Number(row.messageId)));
    const [send] = await t.db
      .select()
      .from(schema.campaigns)
      .where(eq(schema.campaigns.id, Number(message?.campaignId)));
    expect(message?.text ?? send?.text).toMatch(/^Acme \d{4} \(3 min\)$/);
  });

  it("takes a form body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v2/otp/request",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        key: a.otp.key,
        secret: a.otp.secret,
        msisdn: "+66812340003",
      }).toString(),
      remoteAddress: REMOTE,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await otpRow(res.json().token)).msisdn).toBe("66812340003");
  });

  it("refuses a 6th code to one number within 10 minutes (429, Retry-After) and charges nothing", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await otpRequest(a.otp, { msisdn: "0812340004" });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await f.footprint(a);
    const res = await otpRequest(a.otp, { msisdn: "0812340004" });
    expect(res.statusCode, res.body).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(600);
    expect(otpError(res)).toMatchObject({ code: 429, errors: [{ name: "ERROR_TOO_MANY_REQUESTS" }] });
    expect(await f.footprint(a)).toEqual(before);
    // Another number, and the same number of another organization, are not affected.
    expect((await otpRequest(a.otp, { msisdn: "0812340005" })).statusCode).toBe(200);
    expect((await otpRequest(b.otp, { msisdn: "0812340004" })).statusCode).toBe(200);
    // Once the oldest code is older than 10 minutes there is room again.
    await t.db
      .update(schema.apiOtpRequests)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(
        and(
          eq(schema.apiOtpRequests.organizationId, a.organizationId),
          eq(schema.apiOtpRequests.msisdn, "66812340004"),
        ),
      );
    expect((await otpRequest(a.otp, { msisdn: "0812340004" })).statusCode).toBe(200);
  });

  it("answers 400 for a number that is not a Thai mobile, without charging", async () => {
    const before = await f.footprint(a);
    const res = await otpRequest(a.otp, { msisdn: "12345" });
    expect(res.statusCode).toBe(400);
    expect(otpError(res)).toMatchObject({
      code: 400,
      errors: [{ name: "ERROR_INVALID_MSISDN", field: "msisdn" }],
    });
    const missing = await otpRequest(a.otp, {});
    expect(missing.statusCode).toBe(400);
    expect(otpError(missing).errors[0]).toMatchObject({ name: "ERROR_INVALID_PARAMETER" });
    expect(await f.footprint(a)).toEqual(before);
  });

  it("answers 402 when the credits do not cover the code", async () => {
    const poor = await apiTenant("Otp poor", 0);
    const res = await otpRequest(poor.otp, { msisdn: "0812340006" });
    expect(res.statusCode, res.body).toBe(402);
    expect(otpError(res)).toMatchObject({ code: 402, errors: [{ name: "ERROR_CREDIT_NOT_ENOUGH" }] });
    const rows = await t.db
      .select()
      .from(schema.apiOtpRequests)
      .where(eq(schema.apiOtpRequests.organizationId, poor.organizationId));
    expect(rows).toEqual([]);
  });

  it("answers 400 ERROR_INVALID_SENDER when the saved OTP sender can no longer be used, charging nothing", async () => {
    const tenant = await apiTenant("Otp gone sender", 100);
    await t.db
      .insert(schema.apiSettings)
      .values({ organizationId: tenant.organizationId, otpSender: "GoneSender" });
    const before = await f.footprint(tenant);
    const res = await otpRequest(tenant.otp, { msisdn: "0812340010" });
    expect(res.statusCode, res.body).toBe(400);
    expect(otpError(res)).toMatchObject({ code: 400, errors: [{ name: "ERROR_INVALID_SENDER" }] });
    expect(otpError(res).errors[0]?.message).toContain("GoneSender");
    expect(await f.footprint(tenant)).toEqual(before);
  });

  it("answers 401 for a wrong secret or the SMS key, and the OTP key stays 401 on /api/v2/sms", async () => {
    const wrong = await otpRequest({ key: a.otp.key, secret: `${a.otp.secret}x` }, { msisdn: "0812340007" });
    expect(wrong.statusCode).toBe(401);
    expect(otpError(wrong)).toMatchObject({ code: 401, errors: [{ name: "ERROR_UNAUTHORIZED" }] });
    expect(otpError(wrong).errors[0]?.message).toMatch(/key or secret/);
    expect((await otpRequest(a.sms, { msisdn: "0812340007" })).statusCode).toBe(401);
    const verify = await otpVerify({ key: a.otp.key, secret: "nope" }, "token", "123456");
    expect(verify.statusCode).toBe(401);

    const sms = await t.app.inject({
      method: "POST",
      url: "/api/v2/sms",
      headers: { authorization: `Basic ${Buffer.from(`${a.otp.key}:${a.otp.secret}`).toString("base64")}` },
      payload: { msisdn: "0812340007", message: "hi", sender: SHARED_SENDER.name },
      remoteAddress: REMOTE,
    });
    expect(sms.statusCode).toBe(401);
  });

  it("answers 403 to an address outside the organization's whitelist", async () => {
    const listed = await apiTenant("Otp listed", 100);
    const add = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/whitelist-ips",
      headers: listed.headers,
      payload: { name: "office", ip_address: "10.0.0.0/8" },
    });
    expect(add.statusCode, add.body).toBe(201);
    const res = await otpRequest(listed.otp, { msisdn: "0812340008" });
    expect(res.statusCode).toBe(403);
    expect(otpError(res)).toMatchObject({ code: 403, errors: [{ name: "ERROR_IP_NOT_ALLOWED" }] });
    const inside = await t.app.inject({
      method: "POST",
      url: "/api/v2/otp/request",
      payload: { key: listed.otp.key, secret: listed.otp.secret, msisdn: "0812340008" },
      remoteAddress: "10.1.2.3",
    });
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it("answers in Thai when Accept-Language asks for it", async () => {
    const res = await otpRequest(a.otp, { msisdn: "999" }, { "accept-language": "th" });
    expect(res.statusCode).toBe(400);
    expect(otpError(res).errors[0]?.message).toBe("หมายเลขโทรศัพท์ไม่ถูกต้อง");
  });
});

describe("requestOtp", () => {
  it("rolls the code and its charge back when a check in the send's transaction refuses it", async () => {
    const before = await f.footprint(a);
    const deps = {
      db: t.db,
      dbHandle: t.dbHandle,
      jobs: t.jobs,
      chunkSize: t.app.config.engine.chunkSize,
      secret: t.app.config.apiKeyPepper,
      defaultSender: t.app.config.otpSender,
    };
    await expect(
      requestOtp(deps, {
        organizationId: a.organizationId,
        msisdn: "66812340009",
        onAccepted: async () => {
          throw new Error("pumping");
        },
      }),
    ).rejects.toThrow("pumping");
    expect(await f.footprint(a)).toEqual(before);
    const rows = await t.db
      .select()
      .from(schema.apiOtpRequests)
      .where(eq(schema.apiOtpRequests.msisdn, "66812340009"));
    expect(rows).toEqual([]);
  });
});

describe("requestOtp under concurrent requests (ADR 87)", () => {
  it("sends one number at most API_OTP_SEND_LIMIT codes in its window, whatever the requests' clocks", async () => {
    const deps = {
      db: t.db,
      dbHandle: t.dbHandle,
      jobs: t.jobs,
      chunkSize: t.app.config.engine.chunkSize,
      secret: t.app.config.apiKeyPepper,
      defaultSender: t.app.config.otpSender,
    };
    const msisdn = "66812340077";
    const base = Date.now();
    // The first request started has the latest clock: a count that stopped at a request's own
    // time would miss the later-clocked codes committed before it (the free trial's old race).
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        requestOtp(deps, { organizationId: b.organizationId, msisdn, now: new Date(base + (8 - i) * 5) }),
      ),
    );
    const refused = outcomes.filter((o) => o.status === "rejected");
    for (const o of refused) expect(o.reason).toBeInstanceOf(OtpQuotaExceeded);
    expect(outcomes.length - refused.length).toBe(API_OTP_SEND_LIMIT);
    const rows = await t.db
      .select()
      .from(schema.apiOtpRequests)
      .where(eq(schema.apiOtpRequests.msisdn, msisdn));
    expect(rows).toHaveLength(API_OTP_SEND_LIMIT);
  });
});

describe("POST /api/v2/otp/verify", () => {
  it("accepts the right pin once; the token is then invalid", async () => {
    const code = await issued(a, "0812340101");
    const ok = await otpVerify(a.otp, code.token, code.pin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ status: "success", message: "Code is correct." });
    const row = await otpRow(code.token);
    expect(row.status).toBe("verified");
    expect(row.verifiedAt).not.toBeNull();

    const again = await otpVerify(a.otp, code.token, code.pin);
    expect(again.statusCode).toBe(400);
    expect(otpError(again)).toEqual({
      code: 400,
      errors: [{ message: "Token is invalid.", name: "ERROR_TOKEN_INVALID", field: "token" }],
    });
  });

  it("takes the pin as a JSON number", async () => {
    const code = await issued(a, "0812340102");
    if (code.pin.startsWith("0")) return; // a number cannot carry the leading zero
    expect((await otpVerify(a.otp, code.token, Number(code.pin))).statusCode).toBe(200);
  });

  it("fails the code for good after 5 wrong pins", async () => {
    const code = await issued(a, "0812340103");
    const wrong = code.pin === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 5; i++) {
      const res = await otpVerify(a.otp, code.token, wrong);
      expect(res.statusCode).toBe(400);
      expect(otpError(res).errors[0]).toMatchObject({
        message: "Code is invalid.",
        name: "ERROR_CODE_INVALID",
      });
      expect((await otpRow(code.token)).attempts).toBe(i);
    }
    expect((await otpRow(code.token)).status).toBe("failed");
    const right = await otpVerify(a.otp, code.token, code.pin);
    expect(right.statusCode).toBe(400);
    expect(otpError(right).errors[0]).toMatchObject({ name: "ERROR_TOO_MANY_ATTEMPTS" });
    expect(await otpRow(code.token)).toMatchObject({ status: "failed", attempts: 5, verifiedAt: null });
  });

  it('answers "Token is expire." after 5 minutes (database clock) and marks the code expired', async () => {
    const code = await issued(a, "0812340104");
    await t.db
      .update(schema.apiOtpRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.apiOtpRequests.id, code.row.id));
    const res = await otpVerify(a.otp, code.token, code.pin);
    expect(res.statusCode).toBe(400);
    expect(otpError(res).errors[0]).toMatchObject({
      message: "Token is expire.",
      name: "ERROR_TOKEN_EXPIRED",
    });
    expect((await otpRow(code.token)).status).toBe("expired");
    expect((await otpVerify(a.otp, code.token, code.pin)).json()).toMatchObject({
      errors: [{ message: "Token is expire." }],
    });
  });

  it("decides expiry on an injected clock", async () => {
    const code = await issued(a, "0812340105");
    const pepper = t.app.config.apiKeyPepper;
    const late = new Date(Date.now() + 6 * 60 * 1000);
    expect(
      await verifyOtp(t.db, pepper, {
        organizationId: a.organizationId,
        token: code.token,
        pin: code.pin,
        now: late,
      }),
    ).toEqual({ ok: false, failure: "expired" });
  });

  it("lets only one of two concurrent checks of one token succeed", async () => {
    const code = await issued(a, "0812340106");
    const answers = await Promise.all([
      otpVerify(a.otp, code.token, code.pin),
      otpVerify(a.otp, code.token, code.pin),
      otpVerify(a.otp, code.token, code.pin),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it("does not know another organization's token, or a made-up one", async () => {
    const code = await issued(a, "0812340107");
    const res = await otpVerify(b.otp, code.token, code.pin);
    expect(res.statusCode).toBe(400);
    expect(otpError(res).errors[0]?.message).toBe("Token is invalid.");
    expect((await otpRow(code.token)).attempts).toBe(0);
    expect((await otpVerify(a.otp, "made-up", "123456")).json()).toMatchObject({
      errors: [{ message: "Token is invalid." }],
    });
    // The rightful organization can still use it.
    expect((await otpVerify(a.otp, code.token, code.pin)).statusCode).toBe(200);
  });
});

describe("the published thaibulksms-api client", () => {
  it("requests and verifies through our /api with version v2", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { default: thaibulksms } = await import("thaibulksms-api");
    const client = (
      thaibulksms as unknown as {
        otp(options: { apiKey: string; apiSecret: string; api: string; version: string }): {
          request(msisdn: string): Promise<{ status: string; token: string; refno: string }>;
          verify(token: string, pin: string): Promise<{ status: string; message: string }>;
        };
      }
    ).otp({ apiKey: a.otp.key, apiSecret: a.otp.secret, api: `${address}/api`, version: "v2" });

    const requested = await client.request("0812340201");
    expect(requested).toEqual({ status: "success", token: expect.any(String), refno: expect.any(String) });
    const { pin } = await sentCode(requested.token);

    const refused = await client.verify(requested.token, pin === "000000" ? "111111" : "000000").then(
      () => null,
      (error: { code: number; message: { message: string } }) => error,
    );
    expect(refused?.code).toBe(400);
    expect(refused?.message.message).toBe("Code is invalid.");

    expect(await client.verify(requested.token, pin)).toEqual({
      status: "success",
      message: "Code is correct.",
    });
  });
});
