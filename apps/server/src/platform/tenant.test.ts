import { schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTenant, expectCrossTenant404, signIn, type TestTenant } from "../test/tenants.ts";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { requireMember } from "./tenant.ts";

/**
 * The tenant guard and scope through a route registered for the test, reading organizations'
 * contact submissions is not org data, so the probe reads `members` rows of the current
 * organization by id.
 */
describe("tenant context", () => {
  let t: TestContext;
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    t = await createTestApp({
      routes: (app) => {
        app.get("/probe/whoami", { onRequest: requireMember() }, async (request) => ({
          organizationId: request.tenant.organizationId,
          memberRole: request.tenant.memberRole,
        }));
        app.get(
          "/probe/owners-only",
          { onRequest: requireMember({ permission: "members.manage" }) },
          async () => ({ ok: 1 }),
        );
        app.post("/probe/send", { onRequest: requireMember({ permission: "messages.send" }) }, async () => ({
          ok: 1,
        }));
        app.post<{ Params: { id: string } }>(
          "/probe/organizations/:id/send",
          { onRequest: requireMember({ organizationParam: "id", permission: "messages.send" }) },
          async (request) => ({ organizationId: request.tenant.organizationId }),
        );
        app.get<{ Params: { id: string } }>(
          "/probe/organizations/:id",
          { onRequest: requireMember({ organizationParam: "id", permission: "organization.view" }) },
          async (request) => ({
            organizationId: request.tenant.organizationId,
            memberRole: request.tenant.memberRole,
          }),
        );
        app.get<{ Params: { id: string } }>(
          "/probe/members/:id",
          { onRequest: requireMember() },
          async (request) => {
            const row = await request.tenant.scope.findById(schema.members, Number(request.params.id));
            return { id: row.id, organizationId: row.organizationId };
          },
        );
      },
    });
    a = await createTenant(t, { name: "Org A" });
    b = await createTenant(t, { name: "Org B" });
  });
  afterAll(() => t.close());

  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: "GET", url, ...(headers ? { headers } : {}) });

  async function memberIdOf(tenant: TestTenant) {
    const [row] = await t.db
      .select({ id: schema.members.id })
      .from(schema.members)
      .where(
        and(
          eq(schema.members.userId, tenant.userId),
          eq(schema.members.organizationId, tenant.organizationId),
        ),
      );
    return row!.id;
  }

  it("carries the current organization and the member role on every request", async () => {
    const res = await get("/probe/whoami", a.headers);
    expect(res.json()).toEqual({ organizationId: a.organizationId, memberRole: MEMBER_ROLE.owner });
  });

  it("answers 401 to anonymous callers and 403 below the required role", async () => {
    expect((await get("/probe/whoami")).statusCode).toBe(401);
    const c = await createTenant(t, { name: "Org C" });
    await addMember(t, a.organizationId, c.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: a.organizationId })
      .where(eq(schema.users.id, c.userId));
    expect((await get("/probe/whoami", c.headers)).json()).toEqual({
      organizationId: a.organizationId,
      memberRole: MEMBER_ROLE.member,
    });
    expect((await get("/probe/owners-only", c.headers)).statusCode).toBe(403);
    expect((await get("/probe/owners-only", a.headers)).statusCode).toBe(200);
  });

  it("takes the organization from the path for members of it, and answers 404 to anyone else", async () => {
    const own = await get(`/probe/organizations/${a.organizationId}`, a.headers);
    expect(own.json()).toEqual({ organizationId: a.organizationId, memberRole: MEMBER_ROLE.owner });
    expect((await get(`/probe/organizations/${a.organizationId}`, b.headers)).statusCode).toBe(404);
    for (const bad of ["0", "-1", "abc", "1e3", "99999999999"]) {
      expect((await get(`/probe/organizations/${bad}`, a.headers)).statusCode, bad).toBe(404);
    }
    // A second organization of the same user, not the current one: its own role applies.
    await addMember(t, b.organizationId, a.userId, MEMBER_ROLE.member);
    expect((await get(`/probe/organizations/${b.organizationId}`, a.headers)).json()).toEqual({
      organizationId: b.organizationId,
      memberRole: MEMBER_ROLE.member,
    });
  });

  it("refuses spending actions while the organization is suspended, and says until when and why", async () => {
    const s = await createTenant(t, { name: "Org S" });
    const set = (until: Date | null) =>
      t.db
        .update(schema.organizations)
        .set({
          suspendedAt: until ? new Date() : null,
          suspendedUntil: until,
          suspensionReason: until ? "spam" : null,
        })
        .where(eq(schema.organizations.id, s.organizationId));
    await set(new Date(Date.now() + 86_400_000));
    const send = () =>
      t.app.inject({
        method: "POST",
        url: "/probe/send",
        headers: { ...s.headers, "accept-language": "en" },
      });
    const refused = await send();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("SUSPENDED");
    expect(refused.json().error.message).toMatch(/suspended until .+: spam/);
    // The same for the organization named in the path.
    const inPath = await t.app.inject({
      method: "POST",
      url: `/probe/organizations/${s.organizationId}/send`,
      headers: s.headers,
    });
    expect(inPath.statusCode).toBe(403);
    expect(inPath.json().error.code).toBe("SUSPENDED");
    // Reading stays possible, so the organization can see why.
    expect((await get("/probe/whoami", s.headers)).statusCode).toBe(200);
    await set(new Date(Date.now() - 1000));
    expect((await send()).statusCode).toBe(200);
    const again = await t.app.inject({
      method: "POST",
      url: `/probe/organizations/${s.organizationId}/send`,
      headers: s.headers,
    });
    expect(again.statusCode).toBe(200);
  });

  it("takes access away at once when the membership is removed", async () => {
    const d = await createTenant(t, { name: "Org D" });
    await addMember(t, b.organizationId, d.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: b.organizationId })
      .where(eq(schema.users.id, d.userId));
    const token = await signIn(t, d.email, d.password);
    const headers = { authorization: `Bearer ${token}` };
    expect((await get("/probe/whoami", headers)).statusCode).toBe(200);
    await t.db
      .delete(schema.members)
      .where(and(eq(schema.members.userId, d.userId), eq(schema.members.organizationId, b.organizationId)));
    const after = await get("/probe/whoami", headers);
    expect(after.statusCode).toBe(403);
    expect(after.json().error.message).toContain("ไม่ได้เป็นสมาชิก");
  });

  it("finds this organization's rows and answers 404 for another organization's ids", async () => {
    const own = await memberIdOf(a);
    expect((await get(`/probe/members/${own}`, a.headers)).json()).toEqual({
      id: own,
      organizationId: a.organizationId,
    });
    await expectCrossTenant404(t, a, [{ method: "GET", url: `/probe/members/${await memberIdOf(b)}` }]);
  });

  it("has a foreign key from users.default_organization_id", async () => {
    await expect(
      t.db.update(schema.users).set({ defaultOrganizationId: 999_999 }).where(eq(schema.users.id, a.userId)),
    ).rejects.toThrow();
  });
});
