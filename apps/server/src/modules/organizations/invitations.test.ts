import { schema } from "@sms/db";
import { INVITATION_TTL_DAYS, INVITATIONS_PER_DAY, MEMBER_ROLE } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "../../errors.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { messagesTo } from "../../test/accounts.ts";
import { addMember, createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { addMember as addMemberDirectly } from "./add-member.ts";
import { memberMailJob } from "./jobs.ts";

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
    method: "GET" | "POST" | "DELETE" | "PATCH",
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
    const [row] = await t.db
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
      status: "pending",
      invited_by: { id: a.userId, name: "Test Alpha" },
      declined_at: null,
    });
    const ttl = Date.parse(entities[0].expires_at) - Date.parse(entities[0].created_at);
    expect(ttl).toBe(INVITATION_TTL_DAYS * 86_400_000);
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
    await t.db
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
    await t.db
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

describe("answering invitations (ADR 33)", () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (
    who: Pick<TestTenant, "headers">,
    method: "GET" | "POST" | "DELETE" | "PATCH",
    url: string,
    payload?: object,
    locale = "en",
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...who.headers, "accept-language": locale },
      ...(payload ? { payload } : {}),
    });

  const inviteUrl = (owner: TestTenant) => `/c/organizations/${owner.organizationId}/members`;

  /** The owner invites `email`; answers the invitation's id. */
  async function invite(owner: TestTenant, email: string, role: number = MEMBER_ROLE.member) {
    const res = await call(owner, "POST", inviteUrl(owner), { email, role });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db
      .select({ id: schema.memberInvitations.id })
      .from(schema.memberInvitations)
      .where(
        and(
          eq(schema.memberInvitations.organizationId, owner.organizationId),
          eq(schema.memberInvitations.email, email.toLowerCase()),
        ),
      )
      .orderBy(schema.memberInvitations.id);
    if (!row) throw new Error("no invitation row");
    return row.id;
  }

  const mine = async (who: TestTenant) => {
    const res = await call(who, "GET", "/c/me/invitations");
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: number; organization: { id: number; name: string } }[];
  };

  const ownersView = async (owner: TestTenant) =>
    (await call(owner, "GET", `/c/organizations/${owner.organizationId}/invitations`)).json().data
      .entities as { id: number; status: string; declined_at: string | null }[];

  const membershipsOf = (userId: number) =>
    t.db
      .select({ organizationId: schema.members.organizationId, role: schema.members.role })
      .from(schema.members)
      .where(eq(schema.members.userId, userId));

  const defaultOf = async (userId: number) =>
    (
      await t.db
        .select({ id: schema.users.defaultOrganizationId })
        .from(schema.users)
        .where(eq(schema.users.id, userId))
    )[0]?.id;

  it("shows the invitee their invitation; accepting makes them a member, keeps their default, and is harmless twice", async () => {
    const owner = await createTenant(t, { name: "Owner" });
    const person = await createTenant(t, { name: "Person" });
    const id = await invite(owner, person.email.toUpperCase(), MEMBER_ROLE.accountService);
    expect(await membershipsOf(person.userId)).toEqual([
      { organizationId: person.organizationId, role: MEMBER_ROLE.owner },
    ]);

    const [waiting] = await mine(person);
    expect(waiting).toMatchObject({
      id,
      organization: { id: owner.organizationId, name: "Owner" },
      role: MEMBER_ROLE.accountService,
      invited_by: { name: "Test Owner" },
    });

    const accepted = await call(person, "POST", `/c/me/invitations/${id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({
      message: "You are now a member of Owner. Switch to it from the user menu when you want to work in it.",
      organization: { id: owner.organizationId, name: "Owner" },
      role: MEMBER_ROLE.accountService,
    });
    const again = await call(person, "POST", `/c/me/invitations/${id}/accept`);
    expect(again.statusCode).toBe(200);
    expect(await membershipsOf(person.userId)).toEqual(
      expect.arrayContaining([
        { organizationId: person.organizationId, role: MEMBER_ROLE.owner },
        { organizationId: owner.organizationId, role: MEMBER_ROLE.accountService },
      ]),
    );
    expect(await membershipsOf(person.userId)).toHaveLength(2);
    expect(await defaultOf(person.userId)).toBe(person.organizationId);
    expect(await mine(person)).toEqual([]);
    expect(await ownersView(owner)).toEqual([]);
    const declined = await call(person, "POST", `/c/me/invitations/${id}/decline`);
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error.message).toBe("You have already accepted this invitation.");
    // Now a member: inviting them again is refused.
    const reinvite = await call(owner, "POST", inviteUrl(owner), { email: person.email, role: 1 });
    expect(reinvite.statusCode).toBe(409);
    expect(reinvite.json().error.message).toBe("This person is already a member of the organization.");
  });

  it("declines: the owner sees it declined, it can no longer be accepted, and the owner may invite again", async () => {
    const owner = await createTenant(t, { name: "Owner" });
    const person = await createTenant(t, { name: "Person" });
    const id = await invite(owner, person.email);
    const declined = await call(person, "POST", `/c/me/invitations/${id}/decline`, undefined, "th");
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.message).toBe("ปฏิเสธคำเชิญขององค์กร Owner แล้ว");
    expect((await call(person, "POST", `/c/me/invitations/${id}/decline`)).statusCode).toBe(200);
    const [row] = await ownersView(owner);
    expect(row).toMatchObject({ id, status: "declined" });
    expect(typeof row?.declined_at).toBe("string");
    expect(await mine(person)).toEqual([]);

    const accept = await call(person, "POST", `/c/me/invitations/${id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe(
      "You declined this invitation. Please ask the organization's owner to invite you again.",
    );
    expect(await membershipsOf(person.userId)).toHaveLength(1);

    const again = await call(owner, "POST", inviteUrl(owner), { email: person.email, role: 1 });
    expect(again.statusCode).toBe(201);
    const list = await ownersView(owner);
    expect(list.map((i) => i.status)).toEqual(["pending"]);
    expect((await mine(person)).map((i) => i.id)).toEqual([list[0]?.id]);
    // The declined one stays answered: only the new one can be accepted.
    expect((await call(person, "POST", `/c/me/invitations/${id}/accept`)).statusCode).toBe(404);
  });

  it("refuses an expired invitation, shows it expired to the owner, and lets the owner invite again", async () => {
    const owner = await createTenant(t, { name: "Owner" });
    const person = await createTenant(t, { name: "Person" });
    const id = await invite(owner, person.email);
    await t.db
      .update(schema.memberInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.memberInvitations.id, id));
    expect(await mine(person)).toEqual([]);
    const accept = await call(person, "POST", `/c/me/invitations/${id}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe(
      "This invitation has expired. Please ask the organization's owner to invite you again.",
    );
    expect(await membershipsOf(person.userId)).toHaveLength(1);
    expect((await ownersView(owner)).map((i) => i.status)).toEqual(["expired"]);
    expect((await call(owner, "POST", inviteUrl(owner), { email: person.email, role: 1 })).statusCode).toBe(
      201,
    );
    expect((await ownersView(owner)).map((i) => i.status)).toEqual(["pending"]);
  });

  it("is for one e-mail only: anyone else gets 404 on accept and decline and never sees it", async () => {
    const owner = await createTenant(t, { name: "Owner" });
    const person = await createTenant(t, { name: "Person" });
    const stranger = await createTenant(t, { name: "Stranger" });
    const id = await invite(owner, person.email);
    expect(await mine(stranger)).toEqual([]);
    await expectCrossTenant404(t, stranger, [
      { method: "POST", url: `/api/v1/c/me/invitations/${id}/accept` },
      { method: "POST", url: `/api/v1/c/me/invitations/${id}/decline` },
      { method: "POST", url: "/api/v1/c/me/invitations/2147483000/accept" },
    ]);
    // Not even the inviting owner can answer for the invitee.
    await expectCrossTenant404(t, owner, [{ method: "POST", url: `/api/v1/c/me/invitations/${id}/accept` }]);
    expect(await membershipsOf(stranger.userId)).toHaveLength(1);
    expect((await ownersView(owner)).map((i) => i.status)).toEqual(["pending"]);

    expect((await call(person, "POST", `/c/me/invitations/${id}/accept`)).statusCode).toBe(200);
    // Once accepted, still nobody else's.
    await expectCrossTenant404(t, stranger, [
      { method: "POST", url: `/api/v1/c/me/invitations/${id}/accept` },
      { method: "POST", url: `/api/v1/c/me/invitations/${id}/decline` },
    ]);
  });

  it("cannot be accepted once the owner revoked it", async () => {
    const owner = await createTenant(t, { name: "Owner" });
    const person = await createTenant(t, { name: "Person" });
    const id = await invite(owner, person.email);
    const revoked = await call(owner, "DELETE", `/c/organizations/${owner.organizationId}/invitations/${id}`);
    expect(revoked.statusCode).toBe(200);
    expect(await mine(person)).toEqual([]);
    expect((await call(person, "POST", `/c/me/invitations/${id}/accept`)).statusCode).toBe(404);
    expect(await membershipsOf(person.userId)).toHaveLength(1);
  });

  it("lets only an owner with a verified phone invite, in Thai and English", async () => {
    const owner = await createTenant(t, { name: "Unverified" });
    await t.db
      .update(schema.users)
      .set({ phoneNumberVerifiedAt: null })
      .where(eq(schema.users.id, owner.userId));
    const email = `target-${Date.now()}@example.com`;
    const en = await call(owner, "POST", inviteUrl(owner), { email, role: 1 });
    expect(en.statusCode).toBe(403);
    expect(en.json().error).toEqual({
      code: "FORBIDDEN",
      message: "Please verify your phone number before inviting members.",
    });
    const th = await call(owner, "POST", inviteUrl(owner), { email, role: 1 }, "th");
    expect(th.json().error.message).toBe("กรุณายืนยันหมายเลขโทรศัพท์ของคุณก่อนเชิญสมาชิก");
    const rows = await t.db
      .select()
      .from(schema.memberInvitations)
      .where(eq(schema.memberInvitations.organizationId, owner.organizationId));
    expect(rows).toEqual([]);
    expect(await messagesTo(t, email)).toEqual([]);
  });

  it(`caps an organization at ${INVITATIONS_PER_DAY} invitations in 24 hours (429, Retry-After); revoking gives none back`, async () => {
    const owner = await createTenant(t, { name: "Capped" });
    const other = await createTenant(t, { name: "Other" });
    const stamp = Date.now();
    const emails = Array.from({ length: INVITATIONS_PER_DAY + 1 }, (_, n) => `cap-${stamp}-${n}@example.com`);
    const first = await invite(owner, emails[0] as string);
    await call(owner, "DELETE", `/c/organizations/${owner.organizationId}/invitations/${first}`);
    for (const email of emails.slice(1, INVITATIONS_PER_DAY)) await invite(owner, email);

    const refused = await call(owner, "POST", inviteUrl(owner), { email: emails.at(-1), role: 1 });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: "RATE_LIMITED",
      message: `This organization has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours. Please try again in about 24 hours.`,
    });
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    const th = await call(owner, "POST", inviteUrl(owner), { email: emails.at(-1), role: 1 }, "th");
    expect(th.json().error.message).toContain("24 ชั่วโมง");
    expect(await messagesTo(t, emails.at(-1) as string)).toEqual([]);

    // Another organization has its own budget.
    expect((await call(other, "POST", inviteUrl(other), { email: emails.at(-1), role: 1 })).statusCode).toBe(
      201,
    );
    // A day later the oldest sends leave the window.
    await t.db
      .update(schema.memberInvitations)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(schema.memberInvitations.organizationId, owner.organizationId));
    expect((await call(owner, "POST", inviteUrl(owner), { email: emails.at(-1), role: 1 })).statusCode).toBe(
      201,
    );
  });

  it("holds the cap when invitations arrive at the same moment", async () => {
    const owner = await createTenant(t, { name: "Racing" });
    const stamp = Date.now();
    for (let n = 0; n < INVITATIONS_PER_DAY - 2; n++) await invite(owner, `race-${stamp}-${n}@example.com`);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        call(owner, "POST", inviteUrl(owner), { email: `race-${stamp}-x${n}@example.com`, role: 1 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
  });

  it("holds the cap under concurrent invitations whose clocks run the other way (ADR 87)", async () => {
    // The first invitation started has the latest clock: a count that stopped at an invitation's
    // own time would miss the later-clocked ones committed before it (the free trial's old race).
    const owner = await createTenant(t, { name: "Clocks" });
    const stamp = Date.now();
    const scope = new TenantScope(t.db, owner.organizationId);
    const outcomes = await Promise.allSettled(
      Array.from({ length: INVITATIONS_PER_DAY + 4 }, (_, n) =>
        addMemberDirectly(
          { db: t.db, jobs: t.jobs },
          {
            scope,
            userId: owner.userId,
            input: { email: `clock-${stamp}-${n}@example.com`, role: MEMBER_ROLE.member },
            locale: "en",
            now: new Date(stamp + (INVITATIONS_PER_DAY + 4 - n) * 5),
          },
        ),
      ),
    );
    for (const o of outcomes) {
      if (o.status === "rejected") expect((o.reason as AppError).code, String(o.reason)).toBe("RATE_LIMITED");
    }
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(INVITATIONS_PER_DAY);
  });

  it("sends a fixed subject and quotes names as plain text, leaving out a stored name with a link", async () => {
    const owner = await createTenant(t, { name: "Mailer" });
    const plain = `plain-${Date.now()}@example.com`;
    await invite(owner, plain, MEMBER_ROLE.accountService);
    const [mail] = await messagesTo(t, plain);
    expect(mail?.subject).toBe("You have an invitation to join an organization");
    expect(mail?.text).toContain(
      'Test Mailer invited you to join the organization "Mailer" as Account Service.',
    );
    expect(mail?.text).toMatch(/can be accepted until \d{2} \w{3} \d{4} \d{2}:\d{2}/);

    // A name stored before the rule, and an inviter's name, with a link and a line break.
    await t.db
      .update(schema.organizations)
      .set({ name: "Your SCB account is locked - verify at http://scb-verify.example" })
      .where(eq(schema.organizations.id, owner.organizationId));
    await t.db
      .update(schema.users)
      .set({ firstName: "Visit\nscb-verify.example", lastName: "now" })
      .where(eq(schema.users.id, owner.userId));
    const lured = `lured-${Date.now()}@example.com`;
    await invite(owner, lured);
    const th = await call(owner, "POST", inviteUrl(owner), { email: `th-${lured}`, role: 1 }, "th");
    expect(th.statusCode).toBe(201);
    const [en] = await messagesTo(t, lured);
    expect(en?.subject).toBe("You have an invitation to join an organization");
    expect(en?.text).not.toContain("scb-verify");
    expect(en?.text).toContain('Someone invited you to join the organization "(name not shown)" as Member.');
    const [thai] = await messagesTo(t, `th-${lured}`);
    expect(thai?.subject).toBe("คุณได้รับคำเชิญเข้าร่วมองค์กร");
    expect(thai?.text).not.toContain("scb-verify");
  });

  it("keeps invitations stored before ADR 33 working: listed, accepted, and mailed by an old queued job", async () => {
    const owner = await createTenant(t, { name: "Legacy" });
    const person = await createTenant(t, { name: "Person" });
    // A row as the earlier code wrote it: no expiry given (the migration's default), never answered.
    const [row] = await t.db
      .insert(schema.memberInvitations)
      .values({ organizationId: owner.organizationId, email: person.email, role: 2, invitedBy: owner.userId })
      .returning({ id: schema.memberInvitations.id, expiresAt: schema.memberInvitations.expiresAt });
    if (!row) throw new Error("no row");
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    // A mail job queued by the earlier code: no invitation id, a kind field.
    await t.jobs.enqueue(memberMailJob, {
      organizationId: owner.organizationId,
      email: person.email,
      kind: "invited",
      role: 2,
      inviterName: "Test Legacy",
      locale: "en",
    } as never);
    const [mail] = await messagesTo(t, person.email);
    expect(mail?.subject).toBe("You have an invitation to join an organization");
    expect((await mine(person)).map((i) => i.id)).toEqual([row.id]);
    expect((await call(person, "POST", `/c/me/invitations/${row.id}/accept`)).statusCode).toBe(200);
    expect(await membershipsOf(person.userId)).toContainEqual({
      organizationId: owner.organizationId,
      role: 2,
    });
    expect(await defaultOf(person.userId)).toBe(person.organizationId);
  });
});

describe("the invitation route limit (real limits)", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: "1" } });
  });
  afterAll(() => t.close());

  it("limits invitations per signed-in account with 429 and Retry-After, even refused ones", async () => {
    const owner = await createTenant(t, { name: "Busy" });
    const other = await createTenant(t, { name: "Calm" });
    const url = `/api/v1/c/organizations/${owner.organizationId}/members`;
    const email = `same-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let n = 0; n < 20; n++) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: owner.headers,
        payload: { email, role: 1 },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const limited = await t.app.inject({
      method: "POST",
      url,
      headers: { ...owner.headers, "accept-language": "en" },
      payload: { email: `new-${email}`, role: 1 },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    const calm = await t.app.inject({
      method: "POST",
      url: `/api/v1/c/organizations/${other.organizationId}/members`,
      headers: other.headers,
      payload: { email, role: 1 },
    });
    expect(calm.statusCode).toBe(201);
  });
});
