import { schema } from "@sms/db";
import { OTP_GUARD } from "@sms/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, expectCrossTenant404, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";
import { detectOtpAnomalies } from "./detect.ts";
import { checkOtpRequest, checkOtpRequests, type OtpGuardRequest, pruneOtpGuardCounters } from "./guard.ts";

/** Issue 28 point 2: the OTP fraud guard (deny list, held prefixes, limits), ADR 98. */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let staff: { authorization: string };

type OtpTenant = TestTenant & { otp: { key: string; secret: string } };

async function otpTenant(name: string): Promise<OtpTenant> {
  const tenant = await createTenant(t, { name });
  await f.fund(tenant, 10_000);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
    headers: tenant.headers,
    payload: { kind: "otp" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [pair] = res.json().data.issued as { key: string; secret: string }[];
  if (!pair) throw new Error("no otp pair");
  return { ...tenant, otp: pair };
}

const request = (tenant: OtpTenant, msisdn: string, locale = "en") =>
  t.app.inject({
    method: "POST",
    url: "/api/v2/otp/request",
    headers: { "accept-language": locale },
    payload: { ...tenant.otp, msisdn },
  });

const o = schema.apiOtpRequests;
const blocks = (tenant: TestTenant) =>
  t.db
    .select({ msisdn: schema.otpGuardBlocks.msisdn, reason: schema.otpGuardBlocks.reason })
    .from(schema.otpGuardBlocks)
    .where(eq(schema.otpGuardBlocks.organizationId, tenant.organizationId));
const codesOf = async (tenant: TestTenant) =>
  (await t.db.select({ id: o.id }).from(o).where(eq(o.organizationId, tenant.organizationId))).length;

/** n numbers of one 7-digit prefix ("6681234" → 0812340000…), as the 0 form a client sends. */
const numbersOf = (prefix: string, n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `0${prefix.slice(2)}${String(from + i).padStart(4, "0")}`);

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  staff = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
});
afterAll(() => t?.close());

describe("the deny list", () => {
  it("is seeded with premium-rate and unallocated ranges, and staff edit it (audited)", async () => {
    const seeded = await t.app.inject({
      method: "GET",
      url: "/api/v1/admin/otp-deny-ranges",
      headers: staff,
    });
    expect(seeded.statusCode, seeded.body).toBe(200);
    const entities = seeded.json().data.entities as { prefix: string; kind: string }[];
    expect(entities.length).toBeGreaterThan(3);
    expect(new Set(entities.map((e) => e.kind))).toEqual(new Set(["premium", "unallocated"]));
    expect(entities.every((e) => /^66\d+$/.test(e.prefix))).toBe(true);

    const next = [
      ...entities.map(({ prefix, kind }) => ({ prefix, kind })),
      { prefix: "6699999", kind: "abuse", note: "case 1" },
    ];
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/v1/admin/otp-deny-ranges",
      headers: staff,
      payload: { ranges: next },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.entities).toContainEqual(
      expect.objectContaining({ prefix: "6699999", kind: "abuse", note: "case 1" }),
    );
    const [audit] = await t.db
      .select({ after: schema.auditLog.after })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "otp_deny_ranges.replace"));
    const after = typeof audit?.after === "string" ? JSON.parse(audit.after) : audit?.after;
    expect(after).toEqual({ ranges: next.length });
  });

  it("refuses a bad list with the translated message, and is not there for anyone but staff", async () => {
    for (const ranges of [
      [{ prefix: "0812", kind: "premium" }],
      [{ prefix: "6681", kind: "cheap" }],
      [
        { prefix: "6681", kind: "premium" },
        { prefix: "6681", kind: "abuse" },
      ],
    ]) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/v1/admin/otp-deny-ranges",
        headers: { ...staff, "accept-language": "th" },
        payload: { ranges },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain("คำนำหน้า");
    }
    const customer = await createTenant(t, { name: "Deny list customer" });
    for (const method of ["GET", "PUT"] as const) {
      const res = await t.app.inject({
        method,
        url: "/api/v1/admin/otp-deny-ranges",
        headers: customer.headers,
        ...(method === "PUT" ? { payload: { ranges: [] } } : {}),
      });
      // The back office is not there for a customer.
      expect(res.statusCode).toBe(404);
    }
  });

  it("refuses a code to a deny-listed range with ERROR_DESTINATION_BLOCKED, recorded, never sent or charged", async () => {
    const a = await otpTenant("Deny A");
    const before = await f.footprint(a);
    const res = await request(a, "0999990001");
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({
      code: 403,
      errors: [
        { name: "ERROR_DESTINATION_BLOCKED", field: "msisdn", message: expect.stringContaining("6699999") },
      ],
    });
    const th = await request(a, "0999990002", "th");
    expect(th.json().errors[0].message).toContain("ไม่มีการตัดเครดิต");
    expect(await f.footprint(a)).toEqual(before);
    expect(await codesOf(a)).toBe(0);
    expect(await blocks(a)).toEqual([
      { msisdn: "66999990001", reason: "deny_listed" },
      { msisdn: "66999990002", reason: "deny_listed" },
    ]);
    // Another range still goes out.
    expect((await request(a, "0899990001")).statusCode).toBe(200);
  });
});

const seedCounter = async (tenant: TestTenant, bucket: string, requests: number) => {
  const ms = OTP_GUARD.windowSeconds * 1000;
  const now = Math.floor(Date.now() / ms) * ms;
  for (const start of [now, now + ms]) {
    await t.db
      .insert(schema.otpGuardCounters)
      .values({ organizationId: tenant.organizationId, windowStart: new Date(start), bucket, requests })
      .onConflictDoUpdate({
        target: [
          schema.otpGuardCounters.organizationId,
          schema.otpGuardCounters.windowStart,
          schema.otpGuardCounters.bucket,
        ],
        set: { requests },
      });
  }
};

describe("the request limits", () => {
  it("refuses an organization's requests past its limit per window (429, Retry-After), recorded, not charged", async () => {
    const a = await otpTenant("Org limit A");
    const b = await otpTenant("Org limit B");
    await seedCounter(a, "org", OTP_GUARD.orgMax);
    const before = await f.footprint(a);
    const res = await request(a, "0812345001");
    expect(res.statusCode, res.body).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(res.json().errors[0]).toMatchObject({ name: "ERROR_TOO_MANY_REQUESTS" });
    expect(res.json().errors[0].message).toContain(String(OTP_GUARD.orgMax));
    expect(await f.footprint(a)).toEqual(before);
    expect(await blocks(a)).toEqual([{ msisdn: "66812345001", reason: "org_limit" }]);
    // Another organization is not affected.
    expect((await request(b, "0812345001")).statusCode).toBe(200);
  });

  it("follows the organization's API safety settings: a raised rate limit raises the organization's limit, the pumping guard off turns the prefix limit off", async () => {
    const a = await otpTenant("Limits follow settings");
    await t.db
      .insert(schema.apiSettings)
      .values({ organizationId: a.organizationId, rateLimitPerSecond: 100, pumpPrefixMax: 0 });
    await seedCounter(a, "org", OTP_GUARD.orgMax);
    await seedCounter(a, "prefix:6681239", OTP_GUARD.prefixMax);
    expect((await request(a, "0812396001")).statusCode).toBe(200);
    await seedCounter(a, "org", 100 * OTP_GUARD.orgPerRatePerSecond);
    const refused = await request(a, "0812396002");
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().errors[0].message).toContain("2000");
  });

  it("refuses requests to one prefix past its limit, while other prefixes go out", async () => {
    const a = await otpTenant("Prefix limit A");
    await seedCounter(a, "prefix:6681236", OTP_GUARD.prefixMax);
    const res = await request(a, "0812366001");
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().errors[0].message).toContain("6681236");
    expect(await blocks(a)).toEqual([{ msisdn: "66812366001", reason: "prefix_limit" }]);
    expect((await request(a, "0812376001")).statusCode).toBe(200);
  });
});

describe("the public API's pumping guard", () => {
  it("records its refusals of an OTP request as blocked too, nothing sent or charged", async () => {
    const a = await otpTenant("Pumping guard A");
    // Its fresh-key threshold refuses the second number (the OTP guard's prefix limit is off with
    // the pumping guard's prefix threshold at 0).
    await t.db
      .insert(schema.apiSettings)
      .values({ organizationId: a.organizationId, pumpPrefixMax: 0, pumpFreshKeyMax: 1 });
    expect((await request(a, "0812388001")).statusCode).toBe(200);
    const before = await f.footprint(a);
    const refused = await request(a, "0812388002");
    expect(refused.statusCode, refused.body).toBe(429);
    expect(await f.footprint(a)).toEqual(before);
    expect(await blocks(a)).toEqual([{ msisdn: "66812388002", reason: "pumping" }]);
  });
});

describe("a simulated pumping attack", () => {
  it("holds the prefix whose codes are never verified; other prefixes and organizations go on", async () => {
    const a = await otpTenant("Pumped A");
    const b = await otpTenant("Pumped B");
    // A's baseline: two days ago, 60 codes, 51 verified (85 %).
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.db.insert(o).values(
      Array.from({ length: 60 }, (_, i) => ({
        organizationId: a.organizationId,
        tokenHash: `baseline-${a.organizationId}-${i}`,
        msisdn: `6689${String(100_000 + i).slice(1)}00`,
        refno: "BASE01",
        pinHash: "x",
        status: i < 51 ? "verified" : "expired",
        verifiedAt: i < 51 ? new Date(twoDaysAgo.getTime() + 20_000) : null,
        expiresAt: new Date(twoDaysAgo.getTime() + 300_000),
        createdAt: twoDaysAgo,
      })),
    );
    // The attack: 25 codes to numbers of 6681234, none verified. A's other prefix: 5 codes, verified.
    for (const number of numbersOf("6681234", 25)) expect((await request(a, number)).statusCode).toBe(200);
    for (const number of numbersOf("6688765", 5)) expect((await request(a, number)).statusCode).toBe(200);
    await t.db
      .update(o)
      .set({ status: "verified", verifiedAt: sql`${o.createdAt} + interval '15 seconds'` })
      .where(and(eq(o.organizationId, a.organizationId), sql`${o.msisdn} like '6688765%'`));
    // B sends to the same prefix and its users verify.
    for (const number of numbersOf("6681234", 25, 100))
      expect((await request(b, number)).statusCode).toBe(200);
    await t.db
      .update(o)
      .set({ status: "verified", verifiedAt: sql`${o.createdAt} + interval '15 seconds'` })
      .where(eq(o.organizationId, b.organizationId));

    // Too soon to judge: the codes have not had the time to be typed in.
    expect(await detectOtpAnomalies(t.db)).toEqual([]);
    const later = new Date(Date.now() + (OTP_GUARD.settleSeconds + 60) * 1000);
    const held = await detectOtpAnomalies(t.db, later);
    expect(held).toEqual([
      { organizationId: a.organizationId, prefix: "6681234", requests: 25, verified: 0, baseline: 0.85 },
    ]);

    // The hold is in force now (it runs from the detection's time for holdMinutes).
    await t.db
      .update(schema.otpPrefixHolds)
      .set({ heldAt: new Date(), heldUntil: new Date(Date.now() + OTP_GUARD.holdMinutes * 60_000) })
      .where(eq(schema.otpPrefixHolds.organizationId, a.organizationId));
    const before = await f.footprint(a);
    const refused = await request(a, "0812349999");
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toEqual({
      code: 429,
      errors: [
        { name: "ERROR_DESTINATION_HELD", field: "msisdn", message: expect.stringContaining("6681234") },
      ],
    });
    const retry = Number(refused.headers["retry-after"]);
    expect(retry).toBeGreaterThan(OTP_GUARD.holdMinutes * 60 - 120);
    expect(retry).toBeLessThanOrEqual(OTP_GUARD.holdMinutes * 60);
    expect(await f.footprint(a)).toEqual(before);
    expect(await blocks(a)).toEqual([{ msisdn: "66812349999", reason: "prefix_held" }]);

    // A's other prefix, and B's codes to the held prefix, go out.
    expect((await request(a, "0887659999")).statusCode).toBe(200);
    expect((await request(b, "0812349999")).statusCode).toBe(200);

    // The OTP report shows the refusal and the hold.
    const report = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/otp-requests/conversion",
      headers: a.headers,
    });
    expect(report.statusCode, report.body).toBe(200);
    const data = report.json().data;
    // The 60 codes of two days ago, and today's 31 (5 + 1 of them verified).
    expect(data.totals).toMatchObject({ requests: 91, verified: 56, blocked: 1 });
    expect(data.blocked_reasons).toEqual([{ reason: "prefix_held", requests: 1 }]);
    expect(data.holds).toEqual([expect.objectContaining({ prefix: "6681234", requests: 25, verified: 0 })]);
    expect(data.recent_blocks).toEqual([
      expect.objectContaining({ msisdn: "66812349999", reason: "prefix_held" }),
    ]);
    const other = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/otp-requests/conversion",
      headers: b.headers,
    });
    expect(other.json().data.holds).toEqual([]);
    expect(other.json().data.totals.blocked).toBe(0);

    // Another organization cannot release A's hold (404), nor can a bad prefix be asked (400, translated).
    await expectCrossTenant404(t, b, [{ method: "POST", url: "/api/v1/c/otp-holds/6681234/release" }]);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/otp-holds/0812/release",
      headers: { ...a.headers, "accept-language": "th" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("7 หลักแรก");
    // A's owner releases it: codes to the range go out again, and the detection does not re-take it
    // on the same codes.
    const released = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/otp-holds/6681234/release",
      headers: a.headers,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data).toEqual({ prefix: "6681234", released_at: expect.any(String) });
    expect((await request(a, "0812349998")).statusCode).toBe(200);
    expect(await detectOtpAnomalies(t.db, later)).toEqual([]);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/otp-holds/6681234/release",
      headers: a.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it("judges a new organization against the platform's default baseline, and not on a few codes", async () => {
    const a = await otpTenant("Pumped new");
    for (const number of numbersOf("6662345", OTP_GUARD.minSample - 1)) {
      expect((await request(a, number)).statusCode).toBe(200);
    }
    const later = new Date(Date.now() + (OTP_GUARD.settleSeconds + 60) * 1000);
    expect(
      (await detectOtpAnomalies(t.db, later)).filter((h) => h.organizationId === a.organizationId),
    ).toEqual([]);
    expect((await request(a, numbersOf("6662345", 1, 500)[0] ?? "")).statusCode).toBe(200);
    const held = (await detectOtpAnomalies(t.db, later)).filter((h) => h.organizationId === a.organizationId);
    expect(held).toEqual([
      {
        organizationId: a.organizationId,
        prefix: "6662345",
        requests: OTP_GUARD.minSample,
        verified: 0,
        baseline: OTP_GUARD.defaultBaseline,
      },
    ]);
  });
});

describe("in the group commit (ADR 107)", () => {
  /** Limits of 20 requests per organization and 3 per prefix (rate limit 1/s, pumping prefix threshold 10). */
  const SMALL = { rateLimitPerSecond: 1, pumpPrefixMax: 10 };
  const counter = async (tenant: TestTenant, bucket: string) => {
    const [row] = await t.db
      .select({ requests: schema.otpGuardCounters.requests })
      .from(schema.otpGuardCounters)
      .where(
        and(
          eq(schema.otpGuardCounters.organizationId, tenant.organizationId),
          eq(schema.otpGuardCounters.bucket, bucket),
        ),
      );
    return row?.requests ?? 0;
  };
  const reasonOf = (error: unknown) =>
    error === null ? null : ((error as { reason?: string; messageKey?: string }).messageKey ?? "?");
  /** Mid-window, so a list's requests never straddle two windows. */
  const midWindow = () => {
    const ms = OTP_GUARD.windowSeconds * 1000;
    return new Date(Math.floor(Date.now() / ms) * ms + ms / 2);
  };

  /** The list: deny-listed and held requests among counted ones, crossing the prefix and then the organization limit. */
  async function mixedList(tenant: TestTenant, now: Date): Promise<OtpGuardRequest[]> {
    await t.db.insert(schema.otpGuardCounters).values({
      organizationId: tenant.organizationId,
      windowStart: new Date(
        Math.floor(now.getTime() / (OTP_GUARD.windowSeconds * 1000)) * OTP_GUARD.windowSeconds * 1000,
      ),
      bucket: "org",
      requests: 15,
    });
    await t.db.insert(schema.otpPrefixHolds).values({
      organizationId: tenant.organizationId,
      prefix: "6681222",
      requests: 20,
      verified: 0,
      rate: 0,
      baseline: 0.7,
      heldAt: now,
      heldUntil: new Date(now.getTime() + 3_600_000),
    });
    const ask = (msisdn: string): OtpGuardRequest => ({
      organizationId: tenant.organizationId,
      msisdn,
      sender: "Bank",
      settings: SMALL,
      now,
    });
    return [
      ask("66811110001"),
      ask("66600000001"), // 6660: deny-listed (unallocated), not counted
      ask("66811110002"),
      ask("66812220001"), // held, not counted
      ask("66811110003"),
      ask("66811110004"), // the prefix's 4th: over its 3
      ask("66833330001"),
      ask("66833330002"), // the organization's 21st: over its 20
    ];
  }
  const EXPECTED = [
    null,
    "api_otp.destination_blocked",
    null,
    "api_otp.destination_held",
    null,
    "api_otp.prefix_limit",
    null,
    "api_otp.organization_limit",
  ];

  it("decides a list in arrival order, as one request at a time would, in one statement; refusals recorded", async () => {
    const now = midWindow();
    const listed = await otpTenant("Guard list");
    const list = await mixedList(listed, now);
    const verdicts = await t.db.transaction((tx) => checkOtpRequests(tx, list, now));
    expect(verdicts.map(reasonOf)).toEqual(EXPECTED);
    // Counted: the requests neither the deny list nor a hold refused, the refused-over-a-limit ones too.
    expect(await counter(listed, "org")).toBe(15 + 6);
    expect(await counter(listed, "prefix:6681111")).toBe(4);
    expect(await counter(listed, "prefix:6683333")).toBe(2);
    expect(await counter(listed, "prefix:6681222")).toBe(0);
    expect((await blocks(listed)).map((b) => b.reason).sort()).toEqual(
      ["deny_listed", "org_limit", "prefix_held", "prefix_limit"].sort(),
    );
    // The same list one request at a time (another organization) answers the same.
    const single = await otpTenant("Guard one by one");
    const one: (string | null)[] = [];
    for (const request of await mixedList(single, now)) {
      one.push(
        reasonOf(
          await checkOtpRequest(t.db, request).then(
            () => null,
            (error: unknown) => error,
          ),
        ),
      );
    }
    expect(one).toEqual(EXPECTED);
    expect(await counter(single, "org")).toBe(15 + 6);
  });

  it("rolls its counts and blocks back with a batch that fails", async () => {
    const now = midWindow();
    const a = await otpTenant("Guard rolled back");
    const list = await mixedList(a, now);
    await expect(
      t.db.transaction(async (tx) => {
        await checkOtpRequests(tx, list, now);
        throw new Error("the batch failed");
      }),
    ).rejects.toThrow("the batch failed");
    expect(await counter(a, "org")).toBe(15);
    expect(await blocks(a)).toEqual([]);
  });

  it("lets exactly the organization's limit through lists checked at once (race-free)", async () => {
    const a = await otpTenant("Guard race");
    const settings = { rateLimitPerSecond: 1, pumpPrefixMax: 0 }; // 20 per organization, prefix limit off
    const now = midWindow();
    const lists = Array.from({ length: 4 }, (_, l) =>
      Array.from({ length: 10 }, (_, i) => ({
        organizationId: a.organizationId,
        msisdn: `6681${String(l).padStart(3, "0")}${String(i).padStart(4, "0")}`,
        sender: "Bank",
        settings,
        now,
      })),
    );
    const verdicts = (
      await Promise.all(lists.map((list) => t.db.transaction((tx) => checkOtpRequests(tx, list, now))))
    ).flat();
    expect(verdicts.filter((v) => v === null)).toHaveLength(20 * 1);
    expect(verdicts.filter((v) => v !== null).map(reasonOf)).toEqual(
      Array.from({ length: 20 }, () => "api_otp.organization_limit"),
    );
    expect(await counter(a, "org")).toBe(40);
    expect(await blocks(a)).toHaveLength(20);
  });

  it("through the API: concurrent requests past the organization's limit are refused alone, never charged", async () => {
    const a = await otpTenant("Guard batch API");
    await t.db
      .insert(schema.apiSettings)
      .values({ organizationId: a.organizationId, rateLimitPerSecond: 100, pumpPrefixMax: 0 });
    const limit = 100 * OTP_GUARD.orgPerRatePerSecond;
    await seedCounter(a, "org", limit - 3);
    const before = await f.footprint(a);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => request(a, `08${i}4560001`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((r) => r.statusCode === 429)) {
      expect(refused.json().errors[0]).toMatchObject({ name: "ERROR_TOO_MANY_REQUESTS" });
      expect(refused.json().errors[0].message).toContain(String(limit));
    }
    expect(await codesOf(a)).toBe(3);
    expect((await blocks(a)).map((b) => b.reason)).toEqual(Array.from({ length: 5 }, () => "org_limit"));
    // Three codes sent and charged (2 credits each, the built-in Thai text), nothing for the others.
    const after = await f.footprint(a);
    expect(after.campaigns - before.campaigns).toBe(3);
    expect(after.messages - before.messages).toBe(3);
    expect(after.ledger - before.ledger).toBe(3);
    expect(before.balance - after.balance).toBe(3 * 2);
  });

  it("still guards a free-trial organization's codes, which go one by one", async () => {
    const a = await otpTenant("Guard trial");
    await t.db
      .update(schema.organizations)
      .set({ creditTrialRedeemedAt: new Date() })
      .where(eq(schema.organizations.id, a.organizationId));
    const denied = await request(a, "0600000002");
    expect(denied.statusCode, denied.body).toBe(403);
    expect(denied.json().errors[0]).toMatchObject({ name: "ERROR_DESTINATION_BLOCKED" });
    expect(await blocks(a)).toEqual([{ msisdn: "66600000002", reason: "deny_listed" }]);
    expect(await codesOf(a)).toBe(0);
    expect((await request(a, "0812457001")).statusCode).toBe(200);
    expect(await counter(a, "org")).toBe(1);
  });
});

describe("the counters' upkeep", () => {
  it("keeps the windows of the detection's lookback and drops older ones", async () => {
    const a = await createTenant(t, { name: "Counter upkeep" });
    const now = new Date();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    await t.db.insert(schema.otpGuardCounters).values(
      [50, 75, 100].map((m) => ({
        organizationId: a.organizationId,
        windowStart: minutesAgo(m),
        bucket: "org",
        requests: 1,
      })),
    );
    await pruneOtpGuardCounters(t.db, now);
    const left = await t.db
      .select({ windowStart: schema.otpGuardCounters.windowStart })
      .from(schema.otpGuardCounters)
      .where(eq(schema.otpGuardCounters.organizationId, a.organizationId));
    expect(left.map((r) => r.windowStart.getTime()).sort()).toEqual(
      [minutesAgo(75), minutesAgo(50)].map((d) => d.getTime()),
    );
  });
});
