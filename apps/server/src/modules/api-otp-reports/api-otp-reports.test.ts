import { createHash } from "node:crypto";
import { schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

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
  expect(res.statusCode, res.body).toBe(200);
  const [pair] = res.json().data.issued as { key: string; secret: string }[];
  if (!pair) throw new Error("no otp pair");
  return { ...tenant, otp: pair };
}

async function requestCode(tenant: OtpTenant, msisdn: string): Promise<{ id: number; token: string }> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v2/otp/request",
    payload: { ...tenant.otp, msisdn },
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().token as string;
  const [row] = await t.db
    .select({ id: schema.apiOtpRequests.id })
    .from(schema.apiOtpRequests)
    .where(eq(schema.apiOtpRequests.tokenHash, createHash("sha256").update(token).digest("hex")));
  if (!row) throw new Error("no otp row");
  return { id: row.id, token };
}

function list(caller: Pick<TestTenant, "headers">, query = "", locale = "en") {
  return t.app.inject({
    method: "GET",
    url: `/api/v1/c/otp-requests${query}`,
    headers: { ...caller.headers, "accept-language": locale },
  });
}

let a: OtpTenant;
let b: OtpTenant;
let first: { id: number; token: string };
let second: { id: number; token: string };
let third: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  a = await otpTenant("Otp report A");
  b = await otpTenant("Otp report B");
  first = await requestCode(a, "0812349001");
  second = await requestCode(a, "0812349002");
  third = await requestCode(a, "0812349002");
  await requestCode(b, "0812349001");
  // The second code has expired, the third failed.
  await t.db
    .update(schema.apiOtpRequests)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(schema.apiOtpRequests.id, second.id));
  await t.db
    .update(schema.apiOtpRequests)
    .set({ status: "failed", attempts: 5 })
    .where(eq(schema.apiOtpRequests.id, third.id));
});
afterAll(() => t?.close());

describe("GET /c/otp-requests", () => {
  it("lists the organization's codes newest first, never a pin or token", async () => {
    const res = await list(a);
    expect(res.statusCode, res.body).toBe(200);
    const { entities, page_information } = res.json().data;
    expect(page_information.total_item).toBe(3);
    expect(entities.map((e: { id: number }) => e.id)).toEqual([third.id, second.id, first.id]);
    expect(entities[2]).toEqual({
      id: first.id,
      msisdn: "66812349001",
      refno: expect.stringMatching(/^[A-Z2-9]{6}$/),
      status: "pending",
      attempts: 0,
      credits: expect.any(Number),
      message_id: expect.any(Number),
      expires_at: expect.any(String),
      verified_at: null,
      created_at: expect.any(String),
    });
    expect(entities.map((e: { status: string }) => e.status)).toEqual(["failed", "expired", "pending"]);
    expect(res.body).not.toContain(first.token);
    expect(res.body).not.toMatch(/pin|token/);
  });

  it("filters by phone in any form and by status", async () => {
    const byPhone = await list(a, "?phone=0812349002");
    expect(byPhone.json().data.entities.map((e: { id: number }) => e.id)).toEqual([third.id, second.id]);
    const expired = await list(a, "?status=expired");
    expect(expired.json().data.entities.map((e: { id: number }) => e.id)).toEqual([second.id]);
    const pending = await list(a, "?status=pending&phone=%2B66812349001");
    expect(pending.json().data.entities.map((e: { id: number }) => e.id)).toEqual([first.id]);
  });

  it("answers a bad phone or status with the translated validation message", async () => {
    const res = await list(a, "?phone=12ab", "th");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: "phone", message: expect.any(String) }]);
    expect(res.json().error.details[0].message).not.toContain("validation.");
    expect((await list(a, "?status=lost")).statusCode).toBe(400);
  });

  it("is a report of every member's sends: a plain member may not read it", async () => {
    const plain = await createTenant(t, { name: "Otp plain member" });
    await addMember(t, a.organizationId, plain.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: a.organizationId })
      .where(eq(schema.users.id, plain.userId));
    const token = await signIn(t, plain.email, plain.password);
    expect((await list({ headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
  });
});

describe("GET /c/otp-requests/{id}", () => {
  it("answers the code with its SMS's delivery status", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/otp-requests/${first.id}`,
      headers: a.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: first.id, msisdn: "66812349001", status: "pending" });
    expect(data.message).toEqual({
      id: data.message_id,
      sender: expect.any(String),
      status: expect.any(String),
      state: expect.any(Number),
      code: null,
      submitted_at: null,
      done_at: null,
    });
    expect(res.body).not.toMatch(/\b\d{6}\b.*OTP|pin|token/);
  });

  it("answers 404 for another organization's code", async () => {
    await expectCrossTenant404(t, b, [{ method: "GET", url: `/api/v1/c/otp-requests/${first.id}` }]);
    await expectCrossTenant404(t, a, [{ method: "GET", url: "/api/v1/c/otp-requests/999999999" }]);
  });
});
