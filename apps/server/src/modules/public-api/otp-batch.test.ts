import { schema } from "@sms/db";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SendTenant, sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { readApiSettings } from "../api-settings/index.ts";
import {
  API_OTP_SEND_LIMIT,
  type OtpAdmissionCheck,
  OtpQuotaExceeded,
  OtpRequestBatcher,
  otpQuotaCheck,
  type RequestOtpDeps,
  requestOtp,
} from "./otp-requests.ts";
import { verifyOtp } from "./otp-verify.ts";

/**
 * POST /api/v2/otp/request through the group commit (OtpRequestBatcher, ADR 96): each code is
 * accepted, charged, stored and queued once, in a batch's one transaction, and the number's quota
 * holds under concurrent requests, across batchers (two API processes) and the one-by-one path.
 * On PostgreSQL (TEST_DATABASE_URL) the requests really overlap; on PGlite they take turns.
 */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let deps: RequestOtpDeps;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  deps = {
    db: t.db,
    dbHandle: t.dbHandle,
    jobs: t.jobs,
    chunkSize: t.app.config.engine.chunkSize,
    secret: t.app.config.apiKeyPepper,
    defaultSender: t.app.config.otpSender,
  };
});
afterAll(() => t?.close());

/** The built-in Thai text is two UCS-2 parts: each code costs 2 credits. */
const PER_CODE = 2;
const numberOf = (i: number) => `6681235${String(i).padStart(4, "0")}`;

async function request(batcher: OtpRequestBatcher, tenant: SendTenant, msisdn: string) {
  return batcher.request({
    organizationId: tenant.organizationId,
    msisdn,
    settings: await readApiSettings(t.db, tenant.organizationId),
    caller: undefined,
  });
}

async function codeRows(tenant: SendTenant) {
  return t.db
    .select()
    .from(schema.apiOtpRequests)
    .where(eq(schema.apiOtpRequests.organizationId, tenant.organizationId));
}

describe("OtpRequestBatcher", () => {
  it("accepts concurrent codes in shared transactions: one message, one ledger entry and one code row each", async () => {
    const tenant = await f.freshTenant(100);
    const batcher = new OtpRequestBatcher(deps, [otpQuotaCheck]);
    const issued = await Promise.all(
      Array.from({ length: 12 }, (_, i) => request(batcher, tenant, numberOf(i))),
    );
    expect(new Set(issued.map((c) => c.token)).size).toBe(12);

    const rows = await codeRows(tenant);
    expect(rows).toHaveLength(12);
    const messages = await t.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.organizationId, tenant.organizationId));
    expect(messages).toHaveLength(12);
    for (const m of messages) expect(m).toMatchObject({ type: "otp", credits: PER_CODE });
    // Each code points at its own SMS, to its own number.
    const byId = new Map(messages.map((m) => [m.id, m]));
    for (const row of rows) {
      const message = byId.get(Number(row.messageId));
      expect(message?.recipient).toBe(row.msisdn);
      expect(row.messageCreatedAt?.getTime()).toBe(message?.createdAt.getTime());
      expect(row).toMatchObject({ status: "pending", attempts: 0, credits: PER_CODE });
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(5 * 60_000);
    }
    // Fewer batches than requests: the codes were group-committed.
    expect(new Set(messages.map((m) => m.createdAt.getTime())).size).toBeLessThan(12);

    const entries = await t.db
      .select()
      .from(schema.creditEntries)
      .where(
        and(
          eq(schema.creditEntries.organizationId, tenant.organizationId),
          eq(schema.creditEntries.type, "used"),
        ),
      );
    expect(entries).toHaveLength(12);
    for (const e of entries) expect(e.reason).toBe("ledger.otp_send");
    const campaigns = new Set(messages.map((m) => `campaign:${m.campaignId}`));
    expect(new Set(entries.map((e) => e.reference))).toEqual(campaigns);
    expect((await f.footprint(tenant)).balance).toBe(100 - 12 * PER_CODE);

    // The code in the SMS checks against its token, once.
    const first = issued[0];
    if (!first) throw new Error("no code");
    const check = { organizationId: tenant.organizationId, token: first.token, pin: first.pin };
    expect(await verifyOtp(t.db, deps.secret, check)).toEqual({ ok: true });
    expect(await verifyOtp(t.db, deps.secret, check)).toEqual({ ok: false, failure: "token_invalid" });
  });

  it("refuses a request alone when a check refuses it, storing and charging nothing for it", async () => {
    const tenant = await f.freshTenant(100);
    const refuseSecond: OtpAdmissionCheck = async (_tx, requests) =>
      requests.map((r) => (r.msisdn === numberOf(101) ? new OtpQuotaExceeded(42) : null));
    const batcher = new OtpRequestBatcher(deps, [otpQuotaCheck, refuseSecond]);
    const outcomes = await Promise.allSettled(
      [100, 101, 102].map((i) => request(batcher, tenant, numberOf(i))),
    );
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const refused = outcomes[1] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(OtpQuotaExceeded);
    expect((refused.reason as OtpQuotaExceeded).retryAfterSeconds).toBe(42);
    expect((await codeRows(tenant)).map((r) => r.msisdn).sort()).toEqual([numberOf(100), numberOf(102)]);
    expect(await f.footprint(tenant)).toMatchObject({
      messages: 2,
      campaigns: 2,
      ledger: 3,
      balance: 100 - 2 * PER_CODE,
    });
  });

  it("stores and charges each code exactly once when its batch is written again in halves (a poisoned request)", async () => {
    const tenant = await f.freshTenant(100);
    const poisoned = numberOf(203);
    // A database error one request's data causes (class 22): the batch is retried in halves
    // (ADR 31) until the poisoned request fails alone.
    const poison: OtpAdmissionCheck = async (tx, requests) => {
      if (requests.some((r) => r.msisdn === poisoned)) await tx.execute(sql`select 1 / 0`);
      return requests.map(() => null);
    };
    const batcher = new OtpRequestBatcher(deps, [otpQuotaCheck, poison]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => request(batcher, tenant, numberOf(200 + i))),
    );
    expect(outcomes.filter((o) => o.status === "rejected")).toHaveLength(1);
    expect(outcomes[3]?.status).toBe("rejected");
    const rows = await codeRows(tenant);
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.msisdn)).size).toBe(7);
    expect(rows.map((r) => r.msisdn)).not.toContain(poisoned);
    expect(await f.footprint(tenant)).toMatchObject({
      messages: 7,
      campaigns: 7,
      ledger: 8,
      balance: 100 - 7 * PER_CODE,
    });
  });

  it("answers 402 alone for an organization whose balance does not cover its code", async () => {
    const rich = await f.freshTenant(10);
    const poor = await f.freshTenant(0);
    const batcher = new OtpRequestBatcher(deps, [otpQuotaCheck]);
    const [ok, refused] = await Promise.allSettled([
      request(batcher, rich, numberOf(300)),
      request(batcher, poor, numberOf(301)),
    ]);
    expect(ok?.status).toBe("fulfilled");
    expect(refused?.status).toBe("rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_CREDITS" });
    expect(await codeRows(poor)).toEqual([]);
    expect(await f.footprint(poor)).toMatchObject({ messages: 0, campaigns: 0, balance: 0 });
  });
});

describe("the number's quota under concurrent requests (ADR 87, ADR 96)", () => {
  it("sends one number at most API_OTP_SEND_LIMIT codes, across two batchers and the one-by-one path", async () => {
    const tenant = await f.freshTenant(100);
    const msisdn = numberOf(400);
    // Two batchers are two API processes; requestOtp is the one-by-one path (a free trial's).
    const one = new OtpRequestBatcher(deps, [otpQuotaCheck]);
    const two = new OtpRequestBatcher(deps, [otpQuotaCheck]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 2
          ? requestOtp(deps, { organizationId: tenant.organizationId, msisdn })
          : request(i % 3 === 0 ? one : two, tenant, msisdn),
      ),
    );
    const refused = outcomes.filter((o) => o.status === "rejected");
    for (const o of refused) expect(o.reason).toBeInstanceOf(OtpQuotaExceeded);
    expect(outcomes.length - refused.length).toBe(API_OTP_SEND_LIMIT);
    for (const o of refused) {
      const seconds = (o.reason as OtpQuotaExceeded).retryAfterSeconds;
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(600);
    }
    expect(await codeRows(tenant)).toHaveLength(API_OTP_SEND_LIMIT);
    expect(await f.footprint(tenant)).toMatchObject({
      messages: API_OTP_SEND_LIMIT,
      balance: 100 - API_OTP_SEND_LIMIT * PER_CODE,
    });
  });

  it("counts the codes committed before, not only those of its own batch", async () => {
    const tenant = await f.freshTenant(100);
    const msisdn = numberOf(500);
    const batcher = new OtpRequestBatcher(deps, [otpQuotaCheck]);
    for (let i = 0; i < API_OTP_SEND_LIMIT - 1; i++) await request(batcher, tenant, msisdn);
    const last = await Promise.allSettled([
      request(batcher, tenant, msisdn),
      request(batcher, tenant, msisdn),
    ]);
    expect(last.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    // Another number of the same organization still has its own quota.
    await expect(request(batcher, tenant, numberOf(501))).resolves.toMatchObject({ credits: PER_CODE });
    const rows = await t.db
      .select()
      .from(schema.apiOtpRequests)
      .where(inArray(schema.apiOtpRequests.msisdn, [msisdn]));
    expect(rows).toHaveLength(API_OTP_SEND_LIMIT);
  });
});

/** The text the code went out in (the message's own text, or its send's). */
async function smsText(messageId: number | null) {
  const [row] = await t.db
    .select({ text: schema.messages.text, campaignText: schema.campaigns.text })
    .from(schema.messages)
    .innerJoin(schema.campaigns, eq(schema.campaigns.id, schema.messages.campaignId))
    .where(eq(schema.messages.id, Number(messageId)));
  if (!row) throw new Error("no message");
  return row.text ?? row.campaignText;
}

describe("configurable codes (issue 28 point 4)", () => {
  async function requestWith(
    tenant: SendTenant,
    msisdn: string,
    change: Partial<Awaited<ReturnType<typeof readApiSettings>>>,
  ) {
    const settings = { ...(await readApiSettings(t.db, tenant.organizationId)), ...change };
    return new OtpRequestBatcher(deps, [otpQuotaCheck]).request({
      organizationId: tenant.organizationId,
      msisdn,
      settings,
      caller: undefined,
    });
  }
  const rowOf = async (id: number) => {
    const [row] = await t.db.select().from(schema.apiOtpRequests).where(eq(schema.apiOtpRequests.id, id));
    if (!row) throw new Error("no code row");
    return row;
  };
  const check = (tenant: SendTenant, token: string, pin: string) =>
    verifyOtp(t.db, deps.secret, { organizationId: tenant.organizationId, token, pin });

  it("sends codes of the organization's length, valid for its minutes", async () => {
    const tenant = await f.freshTenant(100);
    for (const [length, minutes] of [
      [4, 1],
      [8, 10],
    ] as const) {
      const code = await requestWith(tenant, numberOf(600 + length), {
        otp_code_length: length,
        otp_valid_minutes: minutes,
      });
      expect(code.pin).toMatch(new RegExp(`^\\d{${length}}$`));
      const text = await smsText(code.messageId);
      expect(text).toContain(code.pin);
      expect(text).toContain(`${minutes} นาที`);
      const row = await rowOf(code.id);
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(minutes * 60_000);
      // Not sealed: the default resend setting keeps nothing but digests.
      expect(row).toMatchObject({ tokenSealed: null, pinSealed: null });
      expect(await check(tenant, code.token, code.pin)).toEqual({ ok: true });
    }
    // Expiry follows the organization's minutes.
    const short = await requestWith(tenant, numberOf(610), { otp_valid_minutes: 1 });
    const later = new Date(Date.now() + 61_000);
    expect(
      await verifyOtp(t.db, deps.secret, {
        organizationId: tenant.organizationId,
        token: short.token,
        pin: short.pin,
        now: later,
      }),
    ).toEqual({ ok: false, failure: "expired" });
  });

  it("by default a second request is a new code with its own token and refno, as today", async () => {
    const tenant = await f.freshTenant(100);
    const first = await requestWith(tenant, numberOf(620), {});
    const second = await requestWith(tenant, numberOf(620), {});
    expect(second.token).not.toBe(first.token);
    expect(await check(tenant, first.token, first.pin)).toEqual({ ok: true });
    expect(await check(tenant, second.token, second.pin)).toEqual({ ok: true });
  });

  it("same_code: a request within the validity sends the same code under the same token and refno", async () => {
    const tenant = await f.freshTenant(100);
    const msisdn = numberOf(630);
    const first = await requestWith(tenant, msisdn, { otp_resend: "same_code" });
    const again = await requestWith(tenant, msisdn, { otp_resend: "same_code" });
    expect(again).toMatchObject({ token: first.token, refno: first.refno, pin: first.pin });
    expect(again.messageId).not.toBe(first.messageId);
    expect(await smsText(again.messageId)).toContain(first.pin);
    const [old, current] = [await rowOf(first.id), await rowOf(again.id)];
    expect(old.status).toBe("resent");
    expect(current.status).toBe("pending");
    // The same code keeps its validity; the sealed secrets are not the plain ones.
    expect(current.expiresAt.getTime()).toBe(old.expiresAt.getTime());
    expect(current.pinSealed).not.toContain(first.pin);
    expect(current.tokenSealed).not.toContain(first.token);
    // Each send is charged and counts against the number's quota.
    expect(await f.footprint(tenant)).toMatchObject({ messages: 2, balance: 100 - 2 * PER_CODE });
    for (let i = 2; i < API_OTP_SEND_LIMIT; i++)
      await requestWith(tenant, msisdn, { otp_resend: "same_code" });
    await expect(requestWith(tenant, msisdn, { otp_resend: "same_code" })).rejects.toBeInstanceOf(
      OtpQuotaExceeded,
    );
    expect(await check(tenant, first.token, first.pin)).toEqual({ ok: true });
    expect(await check(tenant, first.token, first.pin)).toEqual({ ok: false, failure: "token_invalid" });
    // Once verified, the next request is a new code.
    const after = await requestWith(tenant, numberOf(631), { otp_resend: "same_code" });
    expect(after.token).not.toBe(first.token);
  });

  it("new_code: a new code under the same token and refno; the old pin stops working and wrong checks add up", async () => {
    const tenant = await f.freshTenant(100);
    const msisdn = numberOf(640);
    const settings = { otp_resend: "new_code" as const, otp_code_length: 8 };
    const first = await requestWith(tenant, msisdn, settings);
    const wrong = first.pin === "00000000" ? "00000001" : "00000000";
    expect(await check(tenant, first.token, wrong)).toEqual({ ok: false, failure: "code_invalid" });
    expect(await check(tenant, first.token, wrong)).toEqual({ ok: false, failure: "code_invalid" });
    const again = await requestWith(tenant, msisdn, settings);
    expect(again).toMatchObject({ token: first.token, refno: first.refno });
    expect(again.pin).not.toBe(first.pin);
    expect(await smsText(again.messageId)).toContain(again.pin);
    expect((await rowOf(again.id)).attempts).toBe(2);
    expect((await rowOf(again.id)).pinSealed).toBeNull();
    expect(await check(tenant, first.token, first.pin)).toEqual({ ok: false, failure: "code_invalid" });
    expect(await check(tenant, first.token, wrong)).toEqual({ ok: false, failure: "code_invalid" });
    // The fifth wrong check of the token fails it for good, the new pin included.
    expect(await check(tenant, first.token, wrong)).toEqual({ ok: false, failure: "code_invalid" });
    expect(await check(tenant, first.token, again.pin)).toEqual({ ok: false, failure: "too_many_attempts" });
  });

  it("the OTP report lists a resent send as such, and its conversion counts the token once", async () => {
    const tenant = await f.freshTenant(100);
    const msisdn = numberOf(660);
    const first = await requestWith(tenant, msisdn, { otp_resend: "same_code" });
    await requestWith(tenant, msisdn, { otp_resend: "same_code" });
    expect(await check(tenant, first.token, first.pin)).toEqual({ ok: true });
    const list = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/otp-requests",
      headers: tenant.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json().data.entities as { status: string }[]).map((r) => r.status).sort()).toEqual([
      "resent",
      "verified",
    ]);
    const conversion = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/otp-requests/conversion",
      headers: tenant.headers,
    });
    expect(conversion.statusCode, conversion.body).toBe(200);
    expect(conversion.json().data.totals).toMatchObject({ requests: 1, verified: 1 });
  });

  it("a request after the code expired gets a new token, whatever the resend setting", async () => {
    const tenant = await f.freshTenant(100);
    const msisdn = numberOf(650);
    const first = await requestWith(tenant, msisdn, { otp_resend: "new_code" });
    await t.db
      .update(schema.apiOtpRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.apiOtpRequests.id, first.id));
    const next = await requestWith(tenant, msisdn, { otp_resend: "new_code" });
    expect(next.token).not.toBe(first.token);
    expect(next.refno === first.refno && next.token === first.token).toBe(false);
  });
});
