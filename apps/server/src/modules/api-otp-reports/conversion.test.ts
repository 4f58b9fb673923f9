import { createHash } from "node:crypto";
import { schema } from "@sms/db";
import { bangkokDayKey, MEMBER_ROLE } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import { addMember, createTenant, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

/** Issue 28 point 3: the OTP report's conversion insight and its export (ADR 99). */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
type OtpTenant = TestTenant & { otp: { key: string; secret: string } };

async function otpTenant(name: string): Promise<OtpTenant> {
  const tenant = await createTenant(t, { name });
  await f.fund(tenant, 1_000);
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
    headers: tenant.headers,
    payload: { kind: "otp" },
  });
  const [pair] = res.json().data.issued as { key: string; secret: string }[];
  if (!pair) throw new Error("no otp pair");
  return { ...tenant, otp: pair };
}

const o = schema.apiOtpRequests;

async function requestCode(tenant: OtpTenant, msisdn: string): Promise<number> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v2/otp/request",
    payload: { ...tenant.otp, msisdn },
  });
  if (res.statusCode !== 200) return 0;
  const hash = createHash("sha256").update(res.json().token).digest("hex");
  const [row] = await t.db.select({ id: o.id }).from(o).where(eq(o.tokenHash, hash));
  return row?.id ?? 0;
}

const get = (tenant: Pick<TestTenant, "headers">, path: string, locale = "en") =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${path}`,
    headers: { ...tenant.headers, "accept-language": locale },
  });

let a: OtpTenant;
let b: OtpTenant;
let defaultSender: string;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  a = await otpTenant("Conversion A");
  b = await otpTenant("Conversion B");
  const ids = [];
  for (const n of ["0812347001", "0812347002", "0812347003", "0812347004"]) ids.push(await requestCode(a, n));
  const [verified30, verified60, expired, failed] = ids as [number, number, number, number];
  // A deny-listed number (the seeded 060 range): refused, recorded as blocked.
  expect(await requestCode(a, "0600000001")).toBe(0);
  await requestCode(b, "0812347001");
  await t.db
    .update(o)
    .set({ status: "verified", verifiedAt: sql`${o.createdAt} + interval '30 seconds'` })
    .where(eq(o.id, verified30));
  await t.db
    .update(o)
    .set({ status: "verified", verifiedAt: sql`${o.createdAt} + interval '60 seconds'` })
    .where(eq(o.id, verified60));
  await t.db.update(o).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(o.id, expired));
  await t.db.update(o).set({ status: "failed", attempts: 5 }).where(eq(o.id, failed));
  // The 60-second code went out under another sender.
  const [code] = await t.db.select({ messageId: o.messageId }).from(o).where(eq(o.id, verified60));
  const [message] = await t.db
    .select({ sender: schema.messages.sender })
    .from(schema.messages)
    .where(eq(schema.messages.id, code?.messageId ?? 0));
  defaultSender = message?.sender ?? "";
  await t.db
    .update(schema.messages)
    .set({ sender: "OtherSender" })
    .where(eq(schema.messages.id, code?.messageId ?? 0));
});
afterAll(() => t?.close());

describe("GET /c/otp-requests/conversion", () => {
  it("counts requests, verified, expired, failed and blocked, the conversion and the median time to verify", async () => {
    const res = await get(a, "/c/otp-requests/conversion");
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.totals).toEqual({
      requests: 4,
      verified: 2,
      expired: 1,
      failed: 1,
      pending: 0,
      blocked: 1,
      conversion: 0.5,
      median_verify_seconds: 45,
    });
    expect(data.days).toHaveLength(7);
    const today = bangkokDayKey(new Date());
    expect(data.days.at(-1)).toEqual({ day: today, ...data.totals });
    expect(data.days.slice(0, -1).every((d: { requests: number }) => d.requests === 0)).toBe(true);
    expect(data.senders).toEqual([
      {
        sender: defaultSender,
        requests: 3,
        verified: 1,
        expired: 1,
        failed: 1,
        pending: 0,
        blocked: 1,
        conversion: 1 / 3,
        median_verify_seconds: 30,
      },
      {
        sender: "OtherSender",
        requests: 1,
        verified: 1,
        expired: 0,
        failed: 0,
        pending: 0,
        blocked: 0,
        conversion: 1,
        median_verify_seconds: 60,
      },
    ]);
    expect(data.blocked_reasons).toEqual([{ reason: "deny_listed", requests: 1 }]);
    expect(data.recent_blocks).toEqual([
      {
        id: expect.any(Number),
        msisdn: "66600000001",
        sender: defaultSender,
        reason: "deny_listed",
        created_at: expect.any(String),
      },
    ]);
    expect(data.holds).toEqual([]);
  });

  it("narrows to one sender", async () => {
    const res = await get(a, "/c/otp-requests/conversion?sender=OtherSender");
    expect(res.json().data.totals).toMatchObject({
      requests: 1,
      verified: 1,
      blocked: 0,
      median_verify_seconds: 60,
    });
    expect(res.json().data.senders.map((s: { sender: string }) => s.sender)).toEqual(["OtherSender"]);
  });

  it("shows another organization only its own codes", async () => {
    const res = await get(b, "/c/otp-requests/conversion");
    expect(res.json().data.totals).toMatchObject({
      requests: 1,
      verified: 0,
      pending: 1,
      blocked: 0,
      conversion: 0,
    });
    expect(res.json().data.recent_blocks).toEqual([]);
  });

  it("answers a bad period or sender with the translated message, and a plain member 403", async () => {
    const long = await get(a, "/c/otp-requests/conversion?start=2026-01-01&end=2026-03-01", "th");
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details[0].message).not.toMatch(/^[a-z_.]+$/);
    const sender = await get(a, `/c/otp-requests/conversion?sender=${"x".repeat(21)}`, "th");
    expect(sender.statusCode).toBe(400);
    expect(sender.json().error.details).toEqual([
      { path: "sender", message: "กรุณากรอกชื่อผู้ส่งไม่เกิน 20 ตัวอักษร" },
    ]);
    const plain = await createTenant(t, { name: "Conversion plain member" });
    await addMember(t, a.organizationId, plain.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: a.organizationId })
      .where(eq(schema.users.id, plain.userId));
    const token = await signIn(t, plain.email, plain.password);
    expect(
      (await get({ headers: { authorization: `Bearer ${token}` } }, "/c/otp-requests/conversion")).statusCode,
    ).toBe(403);
    expect(
      (await get({ headers: { authorization: `Bearer ${token}` } }, "/c/otp-requests/conversion/export"))
        .statusCode,
    ).toBe(403);
  });
});

describe("GET /c/otp-requests/conversion/export", () => {
  it("writes one row per day and sender as CSV, headers in the caller's language", async () => {
    const res = await get(a, "/c/otp-requests/conversion/export?format=csv");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("otp-conversion.csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain("Median time to verify");
    const today = bangkokDayKey(new Date());
    // By day, then sender.
    expect(lines.slice(1)).toEqual(
      [`${today},${defaultSender},3,1,1,1,0,1,33.3,30`, `${today},OtherSender,1,1,0,0,0,0,100,60`].sort(
        (x, y) => x.localeCompare(y),
      ),
    );
    const th = await get(a, "/c/otp-requests/conversion/export?format=xlsx", "th");
    expect(th.statusCode).toBe(200);
    expect(th.headers["content-type"]).toContain("spreadsheetml");
    expect((await get(a, "/c/otp-requests/conversion/export?format=pdf", "th")).statusCode).toBe(400);
  });
});
