import { schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

describe("organization invitations", () => {
  let t: TestContext;
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTenant(t, { name: "Alpha" });
    b = await createTenant(t, { name: "Bravo" });
  });
  afterAll(() => t.close());

  const call = (
    who: Pick<TestTenant, "headers">,
    method: "GET" | "POST" | "DELETE",
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...who.headers, "accept-language": "en" },
      ...(payload ? { payload } : {}),
    });

  /** Invites a fresh unknown e-mail into `who`'s organization; answers the e-mail and the invitation id. */
  async function invite(who: TestTenant, role: number = MEMBER_ROLE.member) {
    const email = `invitee-${Math.random().toString(36).slice(2)}@example.com`;
    const res = await call(who, "POST", `/c/organizations/${who.organizationId}/members`, { email, role });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe("invited");
    const [row] = await t.db.db
      .select({ id: schema.memberInvitations.id })
      .from(schema.memberInvitations)
      .where(eq(schema.memberInvitations.email, email));
    if (!row) throw new Error("no invitation row");
    return { email, id: row.id };
  }

  const listOf = async (who: TestTenant) => {
    const res = await call(who, "GET", `/c/organizations/${who.organizationId}/invitations`);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it("lists the unaccepted invitations newest first, with the inviter's name", async () => {
    const first = await invite(a, MEMBER_ROLE.member);
    const second = await invite(a, MEMBER_ROLE.accountService);
    const { entities, page_information } = await listOf(a);
    expect(entities.map((e: { email: string }) => e.email)).toEqual([second.email, first.email]);
    expect(entities[0]).toMatchObject({
      id: second.id,
      email: second.email,
      role: MEMBER_ROLE.accountService,
      invited_by: { id: a.userId, name: "Test Alpha" },
    });
    expect(typeof entities[0].created_at).toBe("string");
    expect(page_information).toMatchObject({ total_item: 2 });
  });

  it("cancels an invitation: it no longer lists and a second cancel is 404", async () => {
    const invitation = await invite(b);
    const res = await call(b, "DELETE", `/c/organizations/${b.organizationId}/invitations/${invitation.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe("Invitation cancelled.");
    const { entities } = await listOf(b);
    expect(entities.map((e: { id: number }) => e.id)).not.toContain(invitation.id);
    const again = await call(
      b,
      "DELETE",
      `/c/organizations/${b.organizationId}/invitations/${invitation.id}`,
    );
    expect(again.statusCode).toBe(404);
  });

  it("neither lists nor cancels an accepted invitation", async () => {
    const invitation = await invite(b);
    await t.db.db
      .update(schema.memberInvitations)
      .set({ acceptedAt: new Date() })
      .where(eq(schema.memberInvitations.id, invitation.id));
    const { entities } = await listOf(b);
    expect(entities.map((e: { id: number }) => e.id)).not.toContain(invitation.id);
    const res = await call(b, "DELETE", `/c/organizations/${b.organizationId}/invitations/${invitation.id}`);
    expect(res.statusCode).toBe(404);
  });

  it("answers 404 for another organization's invitations", async () => {
    const other = await invite(b);
    await expectCrossTenant404(t, a, [
      { method: "GET", url: `/api/v1/c/organizations/${b.organizationId}/invitations` },
      { method: "DELETE", url: `/api/v1/c/organizations/${b.organizationId}/invitations/${other.id}` },
      { method: "DELETE", url: `/api/v1/c/organizations/${a.organizationId}/invitations/${other.id}` },
    ]);
    const { entities } = await listOf(b);
    expect(entities.map((e: { id: number }) => e.id)).toContain(other.id);
  });

  it("refuses a Member (role 1) with 403", async () => {
    const invitation = await invite(a);
    const person = await createTenant(t, { name: "Plain" });
    await addMember(t, a.organizationId, person.userId, MEMBER_ROLE.member);
    await t.db.db
      .update(schema.users)
      .set({ defaultOrganizationId: a.organizationId })
      .where(eq(schema.users.id, person.userId));
    const list = await call(person, "GET", `/c/organizations/${a.organizationId}/invitations`);
    expect(list.statusCode).toBe(403);
    const cancel = await call(
      person,
      "DELETE",
      `/c/organizations/${a.organizationId}/invitations/${invitation.id}`,
    );
    expect(cancel.statusCode).toBe(403);
  });
});
