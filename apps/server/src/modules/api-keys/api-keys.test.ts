import { schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { hashApiSecret } from "./credentials.ts";
import { verifyApiCaller } from "./index.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
let member: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Keys Co" });
  other = await createTenant(t, { name: "Other Keys Co" });
  member = await createTenant(t, { name: "Keys Member" });
  await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.accountService);
});
afterAll(() => t?.close());

function call(
  caller: Pick<TestTenant, "headers">,
  method: "GET" | "PUT",
  orgId: number,
  payload?: object,
  locale = "en",
) {
  return t.app.inject({
    method,
    url: `/api/v1/c/organizations/${orgId}/api-key`,
    headers: { ...caller.headers, "accept-language": locale },
    ...(payload ? { payload } : {}),
  });
}

const verify = (kind: "sms" | "otp", key: string, secret: string) =>
  verifyApiCaller({ db: t.db, pepper: t.app.config.apiKeyPepper }, { kind, key, secret, ip: "203.0.113.1" });

describe("GET/PUT /c/organizations/{id}/api-key", () => {
  it("answers no keys before the first PUT", async () => {
    const res = await call(owner, "GET", owner.organizationId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      sms: { key: null, has_secret: false, created_at: null },
      otp: { key: null, has_secret: false, created_at: null },
    });
  });

  it("creates the SMS pair, answers the secret once and stores only its HMAC", async () => {
    const res = await call(owner, "PUT", owner.organizationId, { kind: "sms" });
    expect(res.statusCode, res.body).toBe(200);
    const { keys, issued } = res.json().data;
    expect(issued).toHaveLength(1);
    const [pair] = issued;
    expect(pair.kind).toBe("sms");
    expect(pair.key).toMatch(/^sk_[A-Za-z0-9_-]{24}$/);
    // 32 random bytes in base64url: 256 bits.
    expect(pair.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.sms).toEqual({ key: pair.key, has_secret: true, created_at: pair.created_at });
    expect(keys.otp.key).toBeNull();

    const [row] = await t.db
      .select()
      .from(schema.apiCredentials)
      .where(eq(schema.apiCredentials.key, pair.key));
    expect(row).toMatchObject({ organizationId: owner.organizationId, kind: "sms", createdBy: owner.userId });
    expect(row?.secretHash).toBe(hashApiSecret(t.app.config.apiKeyPepper, pair.secret));
    expect(row?.secretHash).not.toContain(pair.secret);

    const again = await call(owner, "GET", owner.organizationId);
    expect(again.json().data.sms).toEqual(keys.sms);
    expect(again.body).not.toContain(pair.secret);
    expect(await verify("sms", pair.key, pair.secret)).toMatchObject({
      ok: true,
      organizationId: owner.organizationId,
      keyKind: "sms",
    });
  });

  it("refreshes both pairs and the old ones stop working at once", async () => {
    const first = (await call(owner, "PUT", owner.organizationId, { kind: "both" })).json().data.issued;
    expect(first.map((p: { kind: string }) => p.kind)).toEqual(["sms", "otp"]);
    const oldOtp = first[1];
    expect(oldOtp.key).toMatch(/^ok_/);
    expect(await verify("otp", oldOtp.key, oldOtp.secret)).toMatchObject({ ok: true });

    const res = await call(owner, "PUT", owner.organizationId, { kind: "otp" });
    expect(res.statusCode, res.body).toBe(200);
    const [fresh] = res.json().data.issued;
    expect(fresh.key).not.toBe(oldOtp.key);
    expect(fresh.secret).not.toBe(oldOtp.secret);
    // The old key is no one's now: not even its former organization's log gets the call.
    expect(await verify("otp", oldOtp.key, oldOtp.secret)).toEqual({
      ok: false,
      failure: "invalid_credentials",
      keyOwner: null,
    });
    expect(await verify("otp", fresh.key, fresh.secret)).toMatchObject({ ok: true });
    // The SMS pair of the same organization is untouched by an OTP refresh.
    expect(await verify("sms", first[0].key, first[0].secret)).toMatchObject({ ok: true });
    const rows = await t.db
      .select()
      .from(schema.apiCredentials)
      .where(eq(schema.apiCredentials.organizationId, owner.organizationId));
    expect(rows).toHaveLength(2);
  });

  it("requires the kind, with a translated message", async () => {
    const res = await call(owner, "PUT", owner.organizationId, {}, "th");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: "kind", message: "กรุณาเลือกคีย์ที่ต้องการสร้าง: sms, otp หรือ both" },
    ]);
    const wrong = await call(owner, "PUT", owner.organizationId, { kind: "all" });
    expect(wrong.json().error.details[0].message).toBe(
      "Choose which credentials to create: sms, otp or both.",
    );
  });

  it("lets other members see the keys but only the owner refresh them", async () => {
    const seen = await call(member, "GET", owner.organizationId);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.sms.has_secret).toBe(true);
    const refused = await call(member, "PUT", owner.organizationId, { kind: "sms" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("FORBIDDEN");
  });

  it("refuses a refresh while the organization is suspended, but still shows the keys", async () => {
    const o = schema.organizations;
    await t.db
      .update(o)
      .set({
        suspendedAt: new Date(),
        suspendedUntil: new Date(Date.now() + 86_400_000),
        suspensionReason: "spam",
      })
      .where(eq(o.id, owner.organizationId));
    try {
      const refused = await call(owner, "PUT", owner.organizationId, { kind: "sms" });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("SUSPENDED");
      expect((await call(owner, "GET", owner.organizationId)).statusCode).toBe(200);
    } finally {
      await t.db
        .update(o)
        .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
        .where(eq(o.id, owner.organizationId));
    }
  });

  it("answers 404 for another organization's keys", async () => {
    await expectCrossTenant404(t, other, [
      { method: "GET", url: `/api/v1/c/organizations/${owner.organizationId}/api-key` },
      {
        method: "PUT",
        url: `/api/v1/c/organizations/${owner.organizationId}/api-key`,
        payload: { kind: "both" },
      },
    ]);
  });
});
