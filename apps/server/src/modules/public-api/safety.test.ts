import { schema } from "@sms/db";
import { pumpWindowStart } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, OWN_SENDER, ownSender, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { pruneSafetyRecords } from "./safety.ts";

/** Issue 14 point 4: per-key rate limit, SMS-pumping guard, Idempotency-Key. */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;

interface Pair {
  key: string;
  secret: string;
}
type ApiTenant = TestTenant & { sms: Pair };

async function apiTenant(
  name: string,
  limits: { rate?: number; prefix?: number; fresh?: number } = {},
): Promise<ApiTenant> {
  const tenant = await createTenant(t, { name });
  await f.fund(tenant, 1_000);
  await ownSender(t, tenant);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
    headers: tenant.headers,
    payload: { kind: "sms" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const issued = res.json().data.issued as { kind: string; key: string; secret: string }[];
  const pair = issued.find((p) => p.kind === "sms");
  if (!pair) throw new Error("no sms pair");
  await t.db.insert(schema.apiSettings).values({
    organizationId: tenant.organizationId,
    rateLimitPerSecond: limits.rate ?? 1_000,
    pumpPrefixMax: limits.prefix ?? 0,
    pumpFreshKeyMax: limits.fresh ?? 0,
  });
  return { ...tenant, sms: { key: pair.key, secret: pair.secret } };
}

const basic = (p: Pair) => `Basic ${Buffer.from(`${p.key}:${p.secret}`).toString("base64")}`;

function sendSms(
  tenant: ApiTenant,
  payload: Record<string, unknown> | string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: "POST",
    url: "/api/v2/sms",
    headers: { authorization: basic(tenant.sms), ...headers },
    payload,
  });
}

const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: number; name: string; description: string } }).error;

const sms = (msisdn: string, message = "Your code is ready") => ({
  msisdn,
  message,
  sender: OWN_SENDER,
});

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
});
afterAll(() => t?.close());

describe("rate limit per key", () => {
  it("answers 429 with Retry-After beyond the key's requests per second, and charges nothing for them", async () => {
    const a = await apiTenant("Rate A", { rate: 2 });
    const before = await f.footprint(a);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => sendSms(a, sms(`08123400${String(i).padStart(2, "0")}`))),
    );
    const accepted = answers.filter((r) => r.statusCode === 201);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(accepted.length + limited.length).toBe(6);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    for (const res of limited) {
      expect(errorOf(res)).toMatchObject({ code: 429, name: "ERROR_RATE_LIMITED" });
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    const after = await f.footprint(a);
    expect(after.campaigns - before.campaigns).toBe(accepted.length);
    expect(before.balance - after.balance).toBe(accepted.length);
  });

  it("counts each key apart: another organization's key is not slowed", async () => {
    const a = await apiTenant("Rate B1", { rate: 1 });
    const b = await apiTenant("Rate B2", { rate: 1 });
    expect((await sendSms(a, sms("0812340100"))).statusCode).toBe(201);
    expect((await sendSms(a, sms("0812340101"))).statusCode).toBe(429);
    expect((await sendSms(b, sms("0812340102"))).statusCode).toBe(201);
  });

  it("limits a caller with a wrong secret by nothing but the 401 (no key is charged a request)", async () => {
    const a = await apiTenant("Rate C", { rate: 1 });
    const wrong = await t.app.inject({
      method: "GET",
      url: "/api/v2/credit",
      headers: { authorization: basic({ key: a.sms.key, secret: "not-the-secret" }) },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await sendSms(a, sms("0812340200"))).statusCode).toBe(201);
  });
});

describe("SMS-pumping guard", () => {
  it("refuses a burst to one number prefix before sending, with nothing charged", async () => {
    const a = await apiTenant("Pump A", { prefix: 3 });
    expect((await sendSms(a, sms("0891110001,0891110002"))).statusCode).toBe(201);
    expect((await sendSms(a, sms("0891110003"))).statusCode).toBe(201);
    const before = await f.footprint(a);
    const refused = await sendSms(a, sms("0891110004"), { "accept-language": "th" });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).name).toBe("ERROR_PUMPING_SUSPECTED");
    expect(errorOf(refused).description).toContain("6689111");
    expect(errorOf(refused).description).toContain("ไม่มีการตัดเครดิต");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(await f.footprint(a)).toEqual(before);
    // Another prefix is not held back; the refused number did not count.
    expect((await sendSms(a, sms("0652220001"))).statusCode).toBe(201);
    const [row] = await t.db
      .select({ numbers: schema.apiSendCounters.numbers })
      .from(schema.apiSendCounters)
      .where(eq(schema.apiSendCounters.organizationId, a.organizationId))
      .orderBy(schema.apiSendCounters.bucket);
    expect(row?.numbers).toBe(1); // prefix:6665222 sorts before prefix:6689111
  });

  it("refuses one request whose numbers alone pass the threshold", async () => {
    const a = await apiTenant("Pump B", { prefix: 2 });
    const refused = await sendSms(a, sms("0893330001,0893330002,0893330003"));
    expect(refused.statusCode).toBe(429);
    expect((await f.footprint(a)).campaigns).toBe(0);
  });

  it("holds a key under a day old to the fresh-key threshold, and lets it go once the key is older", async () => {
    const a = await apiTenant("Pump C", { fresh: 4 });
    expect((await sendSms(a, sms("0811000001,0621000002,0931000003,0861000004"))).statusCode).toBe(201);
    const refused = await sendSms(a, sms("0851000005"));
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({ name: "ERROR_PUMPING_SUSPECTED" });
    expect(errorOf(refused).description).toContain("24 hours");
    await t.db
      .update(schema.apiCredentials)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(schema.apiCredentials.organizationId, a.organizationId));
    expect((await sendSms(a, sms("0851000005"))).statusCode).toBe(201);
  });

  it("writes no counters for an organization that turned the guard off", async () => {
    const a = await apiTenant("Pump D");
    expect((await sendSms(a, sms("0891110001,0891110002,0891110003"))).statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(schema.apiSendCounters)
      .where(eq(schema.apiSendCounters.organizationId, a.organizationId));
    expect(rows).toEqual([]);
  });

  it("upkeep forgets windows past their end", async () => {
    const a = await apiTenant("Pump E", { prefix: 100 });
    await t.db.insert(schema.apiSendCounters).values({
      organizationId: a.organizationId,
      windowStart: pumpWindowStart(new Date(Date.now() - 3_600_000)),
      bucket: "prefix:6680000",
      numbers: 9,
    });
    expect((await sendSms(a, sms("0891110001"))).statusCode).toBe(201);
    await pruneSafetyRecords(t.db);
    const rows = await t.db
      .select({ bucket: schema.apiSendCounters.bucket })
      .from(schema.apiSendCounters)
      .where(eq(schema.apiSendCounters.organizationId, a.organizationId));
    expect(rows).toEqual([{ bucket: "prefix:6689111" }]);
  });
});

describe("Idempotency-Key", () => {
  it("answers a retry with the same body with the first answer, without a second send", async () => {
    const a = await apiTenant("Idem A");
    const first = await sendSms(a, sms("0812345601,0812"), { "idempotency-key": "order-1001" });
    expect(first.statusCode, first.body).toBe(201);
    const before = await f.footprint(a);
    const again = await sendSms(a, sms("0812345601,0812"), { "idempotency-key": "order-1001" });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await f.footprint(a)).toEqual(before);
    // A form body with the same fields is the same request.
    const form = await sendSms(
      a,
      new URLSearchParams({
        msisdn: "0812345601,0812",
        message: "Your code is ready",
        sender: OWN_SENDER,
      }).toString(),
      { "idempotency-key": "order-1001", "content-type": "application/x-www-form-urlencoded" },
    );
    expect(form.statusCode).toBe(201);
    expect(form.json()).toEqual(first.json());
    expect(await f.footprint(a)).toEqual(before);
  });

  it("refuses the same key with another body (422), sending nothing", async () => {
    const a = await apiTenant("Idem B");
    expect((await sendSms(a, sms("0812345601"), { "idempotency-key": "k-2" })).statusCode).toBe(201);
    const before = await f.footprint(a);
    const other = await sendSms(a, sms("0812345602"), { "idempotency-key": "k-2" });
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).name).toBe("ERROR_UNPROCESSABLE");
    expect(errorOf(other).description).toContain("different request");
    expect(await f.footprint(a)).toEqual(before);
  });

  it("keeps each organization's keys apart", async () => {
    const a = await apiTenant("Idem C1");
    const b = await apiTenant("Idem C2");
    expect((await sendSms(a, sms("0812345601"), { "idempotency-key": "shared" })).statusCode).toBe(201);
    const theirs = await sendSms(b, sms("0812345699"), { "idempotency-key": "shared" });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect((await f.footprint(b)).campaigns).toBe(1);
  });

  it("sends again once the key is more than 24 hours old", async () => {
    const a = await apiTenant("Idem D");
    expect((await sendSms(a, sms("0812345601"), { "idempotency-key": "daily" })).statusCode).toBe(201);
    await t.db.execute(
      sql`update api_idempotency_keys set created_at = now() - interval '25 hours' where organization_id = ${a.organizationId}`,
    );
    const later = await sendSms(a, sms("0812345601"), { "idempotency-key": "daily" });
    expect(later.statusCode).toBe(201);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expect((await f.footprint(a)).campaigns).toBe(2);
  });

  it("rebuilds the answer from the send when the process stopped before storing it", async () => {
    const a = await apiTenant("Idem E");
    const first = await sendSms(a, sms("0812345601,0899"), { "idempotency-key": "crash" });
    expect(first.statusCode).toBe(201);
    const [campaign] = await t.db
      .select({ id: schema.campaigns.id })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.organizationId, a.organizationId));
    await t.db.execute(
      sql`update api_idempotency_keys set status_code = 0,
            response = ${JSON.stringify({ campaign_id: campaign?.id, credit_type: "standard", bad_phone_number_list: first.json().bad_phone_number_list })}::jsonb
          where organization_id = ${a.organizationId}`,
    );
    const again = await sendSms(a, sms("0812345601,0899"), { "idempotency-key": "crash" });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await f.footprint(a)).campaigns).toBe(1);
  });

  it("sends once when two requests with one key race", async () => {
    const a = await apiTenant("Idem F");
    const answers = await Promise.all(
      [1, 2, 3].map(() => sendSms(a, sms("0812345601"), { "idempotency-key": "race" })),
    );
    for (const res of answers) expect([201, 409]).toContain(res.statusCode);
    expect(answers.some((r) => r.statusCode === 201)).toBe(true);
    expect((await f.footprint(a)).campaigns).toBe(1);
  });

  it("refuses an unusable key (400) and forgets records past 24 hours in upkeep", async () => {
    const a = await apiTenant("Idem G");
    const bad = await sendSms(a, sms("0812345601"), { "idempotency-key": "x".repeat(256) });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).name).toBe("ERROR_INVALID_PARAMETER");
    expect((await sendSms(a, sms("0812345601"), { "idempotency-key": "old" })).statusCode).toBe(201);
    await t.db.execute(
      sql`update api_idempotency_keys set created_at = now() - interval '26 hours' where organization_id = ${a.organizationId}`,
    );
    await pruneSafetyRecords(t.db);
    const rows = await t.db
      .select()
      .from(schema.apiIdempotencyKeys)
      .where(eq(schema.apiIdempotencyKeys.organizationId, a.organizationId));
    expect(rows).toEqual([]);
  });
});

describe("the OTP API's safety", () => {
  async function otpTenant(name: string, limits: { rate?: number; fresh?: number }) {
    const tenant = await apiTenant(name, limits);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
      headers: tenant.headers,
      payload: { kind: "otp" },
    });
    const issued = res.json().data.issued as { kind: string; key: string; secret: string }[];
    const otp = issued.find((p) => p.kind === "otp");
    if (!otp) throw new Error("no otp pair");
    return { ...tenant, otp };
  }

  const requestCode = (otp: Pair, msisdn: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/v2/otp/request",
      payload: { key: otp.key, secret: otp.secret, msisdn },
    });

  it("limits the OTP key's requests per second (429 in the OTP envelope, Retry-After, nothing charged)", async () => {
    const a = await otpTenant("Otp rate", { rate: 1 });
    const before = await f.footprint(a);
    const answers = await Promise.all(
      ["0812340301", "0812340302", "0812340303"].map((n) => requestCode(a.otp, n)),
    );
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    for (const res of limited) {
      expect(res.json()).toMatchObject({
        code: 429,
        errors: [expect.objectContaining({ message: expect.any(String) })],
      });
      expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    const sent = answers.filter((r) => r.statusCode === 200).length;
    expect((await f.footprint(a)).campaigns - before.campaigns).toBe(sent);
  });

  it("holds a fresh OTP key to the pumping guard, refusing before the code is sent or charged", async () => {
    const a = await otpTenant("Otp pump", { fresh: 2 });
    expect((await requestCode(a.otp, "0812340401")).statusCode).toBe(200);
    expect((await requestCode(a.otp, "0622340402")).statusCode).toBe(200);
    const before = await f.footprint(a);
    const refused = await requestCode(a.otp, "0932340403");
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.json().errors[0].message).toContain("24 hours");
    expect(await f.footprint(a)).toEqual(before);
    const codes = await t.db
      .select()
      .from(schema.apiOtpRequests)
      .where(eq(schema.apiOtpRequests.organizationId, a.organizationId));
    expect(codes).toHaveLength(2);
  });
});
