import { schema } from "@sms/db";
import { MEMBER_ROLE } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../i18n/index.ts";
import { bearer, lastCode, messagesTo, registerPerson, to66 } from "../../test/accounts.ts";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";
import { credit, debit } from "../credits/index.ts";

describe("organizations", () => {
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
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...who.headers, "accept-language": "en" },
      ...(payload ? { payload } : {}),
    });

  /** A new user who is a member of `organizationId` with `role` and works in it. */
  async function memberOf(organizationId: number, role: number, name = "Member"): Promise<TestTenant> {
    const person = await createTenant(t, { name });
    await addMember(t, organizationId, person.userId, role);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: organizationId })
      .where(eq(schema.users.id, person.userId));
    return { ...person, organizationId };
  }

  async function memberIdOf(userId: number, organizationId: number): Promise<number> {
    const [row] = await t.db
      .select({ id: schema.members.id })
      .from(schema.members)
      .where(and(eq(schema.members.userId, userId), eq(schema.members.organizationId, organizationId)));
    if (!row) throw new Error("no such member");
    return row.id;
  }

  async function currentOrganizationOf(userId: number) {
    const [row] = await t.db
      .select({ id: schema.users.defaultOrganizationId })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return row?.id ?? null;
  }

  it("lists the caller's organizations, marking the current one with current_member", async () => {
    const c = await createTenant(t, { name: "Charlie" });
    await addMember(t, b.organizationId, c.userId, MEMBER_ROLE.accountService);
    const res = await call(c, "GET", "/c/organizations?page=1&reverse=false&sort=id&size=100");
    expect(res.statusCode).toBe(200);
    const { entities, page_information } = res.json().data;
    expect(entities).toEqual([
      {
        id: b.organizationId,
        name: "Bravo",
        owner: { id: b.userId, name: "Test Bravo" },
        credits: 0,
        credit_expired_on: null,
        member_role: MEMBER_ROLE.accountService,
        current_member: null,
      },
      expect.objectContaining({
        id: c.organizationId,
        member_role: MEMBER_ROLE.owner,
        current_member: { id: await memberIdOf(c.userId, c.organizationId) },
      }),
    ]);
    expect(page_information).toMatchObject({ page: 1, size: 100, total_item: 2, total_pages: 1 });
    expect((await call(c, "GET", "/c/organizations?size=101")).statusCode).toBe(400);
    expect((await call(c, "GET", "/c/organizations?sort=credits")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/c/organizations" })).statusCode).toBe(401);
  });

  it("shows an organization's name, owner, credits, expiry, members and suspension", async () => {
    await t.db.transaction((tx) =>
      credit(tx, "earned", {
        organizationId: a.organizationId,
        credits: 12_345,
        reason: "ledger.free_trial",
        reference: "test:detail",
      }),
    );
    const res = await call(a, "GET", `/c/organizations/${a.organizationId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: a.organizationId,
      name: "Alpha",
      owner: { id: a.userId, name: "Test Alpha", email: a.email },
      credits: 12_345,
      members_count: 1,
      member_role: MEMBER_ROLE.owner,
      is_current: true,
      suspension: null,
    });
    const until = new Date(Date.now() + 3 * 86_400_000);
    await t.db
      .update(schema.organizations)
      .set({ suspendedAt: new Date(), suspendedUntil: until, suspensionReason: "spam" })
      .where(eq(schema.organizations.id, a.organizationId));
    const suspended = await call(a, "GET", `/c/organizations/${a.organizationId}`);
    expect(suspended.json().data.suspension).toEqual({ until: until.toISOString(), reason: "spam" });
    await t.db
      .update(schema.organizations)
      .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
      .where(eq(schema.organizations.id, a.organizationId));
  });

  it("lets only the owner rename, and ignores every other field of the body", async () => {
    const member = await memberOf(a.organizationId, MEMBER_ROLE.accountService);
    const refused = await call(member, "PATCH", `/c/organizations/${a.organizationId}`, { name: "Mine" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("FORBIDDEN");
    const res = await call(a, "PATCH", `/c/organizations/${a.organizationId}`, {
      name: "  Alpha Co., Ltd.  ",
      owner_id: member.userId,
      credits: 1_000_000,
      credit_expired_on: "2099-01-01T00:00:00Z",
      id: b.organizationId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: a.organizationId, name: "Alpha Co., Ltd.", credits: 12_345 });
    const [row] = await t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, a.organizationId));
    expect(row).toMatchObject({ ownerId: a.userId, credits: 12_345, creditExpiredOn: null });
    const [other] = await t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, b.organizationId));
    expect(other?.name).toBe("Bravo");
    for (const name of ["", "   ", "x".repeat(101), "<b>bold</b>"]) {
      const bad = await call(a, "PATCH", `/c/organizations/${a.organizationId}`, { name });
      expect(bad.statusCode, name).toBe(400);
    }
  });

  it("refuses an organization name with a link in both languages (review S4-9)", async () => {
    const url = `/c/organizations/${a.organizationId}`;
    for (const name of [
      "Your SCB account is locked - verify at http://scb-verify.example",
      "scb-verify.example",
      "www.scb-verify",
    ]) {
      const bad = await call(a, "PATCH", url, { name });
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().error.details).toEqual([
        {
          path: "name",
          message:
            "A name cannot contain a web address or a domain (such as example.com). After a full stop, leave a space.",
        },
      ]);
    }
    const thai = await t.app.inject({
      method: "PATCH",
      url: `/api/v1${url}`,
      headers: { ...a.headers, "accept-language": "th" },
      payload: { name: "scb-verify.example" },
    });
    expect(thai.json().error.details[0].message).toContain("ชื่อโดเมน");
    const [row] = await t.db
      .select({ name: schema.organizations.name })
      .from(schema.organizations)
      .where(eq(schema.organizations.id, a.organizationId));
    expect(row?.name).toBe("Alpha Co., Ltd.");
  });

  it("invites an existing account like any e-mail: the same answer, no membership until they accept (review I6)", async () => {
    const newcomer = await createTenant(t, { name: "Newcomer" });
    const res = await call(a, "POST", `/c/organizations/${a.organizationId}/members`, {
      email: newcomer.email.toUpperCase(),
      role: "2",
      organization_id: b.organizationId,
      user_id: b.userId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      status: "invited",
      message: `An invitation was sent to ${newcomer.email}. They become a member once they sign in and accept it.`,
      member: null,
    });
    const memberships = await t.db
      .select({ organizationId: schema.members.organizationId })
      .from(schema.members)
      .where(eq(schema.members.userId, newcomer.userId));
    expect(memberships).toEqual([{ organizationId: newcomer.organizationId }]);
    const [mail] = await messagesTo(t, newcomer.email);
    expect(mail?.subject).toBe("You have an invitation to join an organization");
    expect(mail?.text).toContain(
      'Test Alpha invited you to join the organization "Alpha Co., Ltd." as Account Service.',
    );
    expect(mail?.text).toContain("/en/organizations");

    const mine = await call(newcomer, "GET", "/c/me/invitations");
    expect(mine.json().data).toEqual([
      expect.objectContaining({
        organization: { id: a.organizationId, name: "Alpha Co., Ltd." },
        role: MEMBER_ROLE.accountService,
        invited_by: { name: "Test Alpha" },
      }),
    ]);
    const again = await call(a, "POST", `/c/organizations/${a.organizationId}/members`, {
      email: newcomer.email,
      role: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This e-mail has already been invited.");
  });

  it("refuses a bad e-mail or role, and members who are not owners", async () => {
    const url = `/c/organizations/${a.organizationId}/members`;
    for (const payload of [
      { email: "not-an-email", role: 1 },
      { email: "x@example.com", role: 3 },
      { email: "x@example.com", role: 1000 },
      { email: "x@example.com" },
    ]) {
      expect((await call(a, "POST", url, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const accountService = await memberOf(a.organizationId, MEMBER_ROLE.accountService);
    const refused = await call(accountService, "POST", url, { email: "x@example.com", role: 100 });
    expect(refused.statusCode).toBe(403);
  });

  it("never moves a new account into the organization of an invitation sent before it registered (review S4-3)", async () => {
    const victimOrg = await createTenant(t, { name: "Bo" });
    expect(
      (
        await call(victimOrg, "PATCH", `/c/organizations/${victimOrg.organizationId}`, {
          name: "Victim Co Ltd",
        })
      ).statusCode,
    ).toBe(200);
    const email = `victim-${Date.now()}@example.com`;
    const url = `/c/organizations/${victimOrg.organizationId}/members`;
    const res = await call(victimOrg, "POST", url, { email, role: MEMBER_ROLE.accountService });
    expect(res.statusCode).toBe(201);
    const [invite] = await messagesTo(t, email);
    expect(invite?.subject).toBe("You have an invitation to join an organization");
    expect(invite?.text).toContain("/en/register");

    const { person, body } = await registerPerson(t, { email });
    const token = body.data.token_register.token;
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
    if (!user) throw new Error("registration made no user");
    const ownOrganization = user.defaultOrganizationId;
    const inVictimOrg = async () =>
      (
        await t.db
          .select()
          .from(schema.members)
          .where(
            and(
              eq(schema.members.userId, user.id),
              eq(schema.members.organizationId, victimOrg.organizationId),
            ),
          )
      ).length;

    const phoneCode = await lastCode(t, to66(person.phone_number));
    const phone = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/verify",
      headers: bearer(token),
      payload: { type: "phone", code: phoneCode, ref_code: body.data.phone_verification.ref_code },
    });
    expect(phone.statusCode).toBe(200);
    const ticket = await t.app.inject({
      method: "GET",
      url: "/api/v1/c/me/request-verify?type=email",
      headers: bearer(token),
    });
    const verified = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/verify",
      headers: bearer(token),
      payload: { type: "email", code: await lastCode(t, email), ref_code: ticket.json().data.ref_code },
    });
    expect(verified.statusCode).toBe(200);

    // Verifying the e-mail joins nothing and leaves the person in their own organization.
    expect(await inVictimOrg()).toBe(0);
    expect(await currentOrganizationOf(user.id)).toBe(ownOrganization);
    const victim = { headers: bearer(await signIn(t, email, person.password)) };
    const me = await call(victim, "GET", "/c/me");
    expect(me.json().data.default_organization_id).toBe(ownOrganization);
    expect(me.json().data.default_organization.name).not.toBe("Victim Co Ltd");

    // The invitation waits for the person's decision, shown after sign-in.
    const mine = await call(victim, "GET", "/c/me/invitations");
    expect(mine.statusCode).toBe(200);
    const [waiting] = mine.json().data;
    expect(waiting).toMatchObject({ organization: { id: victimOrg.organizationId, name: "Victim Co Ltd" } });

    const accepted = await call(victim, "POST", `/c/me/invitations/${waiting.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(await inVictimOrg()).toBe(1);
    expect(await currentOrganizationOf(user.id)).toBe(ownOrganization);
  });

  it("shows an account whose e-mail is not verified no invitation, and lets it accept none", async () => {
    const unverified = await createTenant(t, { name: "Unverified" });
    await t.db
      .update(schema.users)
      .set({ emailVerifiedAt: null })
      .where(eq(schema.users.id, unverified.userId));
    const res = await call(a, "POST", `/c/organizations/${a.organizationId}/members`, {
      email: unverified.email,
      role: MEMBER_ROLE.member,
    });
    expect(res.statusCode).toBe(201);
    expect((await call(unverified, "GET", "/c/me/invitations")).json().data).toEqual([]);
    const [row] = await t.db
      .select({ id: schema.memberInvitations.id })
      .from(schema.memberInvitations)
      .where(eq(schema.memberInvitations.email, unverified.email));
    if (!row) throw new Error("no invitation row");
    expect((await call(unverified, "POST", `/c/me/invitations/${row.id}/accept`)).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(schema.members)
      .where(
        and(
          eq(schema.members.userId, unverified.userId),
          eq(schema.members.organizationId, a.organizationId),
        ),
      );
    expect(rows).toEqual([]);
  });

  it("removes a member, who then falls back to another organization and loses access at once", async () => {
    const m = await memberOf(a.organizationId, MEMBER_ROLE.member, "Leaving");
    const ownOrganization = (await createTenantOrganization(m.userId)) ?? 0;
    const memberId = await memberIdOf(m.userId, a.organizationId);
    expect((await call(m, "GET", `/c/organizations/${a.organizationId}`)).statusCode).toBe(200);

    const memberTries = await call(m, "DELETE", `/c/organizations/${a.organizationId}/members/${memberId}`);
    expect(memberTries.statusCode).toBe(403);

    const res = await call(a, "DELETE", `/c/organizations/${a.organizationId}/members/${memberId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe("Member deleted.");
    expect(await currentOrganizationOf(m.userId)).toBe(ownOrganization);
    expect((await call(m, "GET", `/c/organizations/${a.organizationId}`)).statusCode).toBe(404);
    const twice = await call(a, "DELETE", `/c/organizations/${a.organizationId}/members/${memberId}`);
    expect(twice.statusCode).toBe(404);
  });

  it("moves a removed member with no other organization to none", async () => {
    const lone = await createTenant(t, { name: "Lone" });
    await t.db.delete(schema.members).where(eq(schema.members.userId, lone.userId));
    await addMember(t, a.organizationId, lone.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: a.organizationId })
      .where(eq(schema.users.id, lone.userId));
    const memberId = await memberIdOf(lone.userId, a.organizationId);
    expect(
      (await call(a, "DELETE", `/c/organizations/${a.organizationId}/members/${memberId}`)).statusCode,
    ).toBe(200);
    expect(await currentOrganizationOf(lone.userId)).toBeNull();
  });

  /** The user's own organization (createTenant made it); the fallback after a removal. */
  async function createTenantOrganization(userId: number) {
    const [row] = await t.db
      .select({ id: schema.organizations.id })
      .from(schema.organizations)
      .where(eq(schema.organizations.ownerId, userId));
    return row?.id;
  }

  it("never removes oneself or the organization's owner; an owner may remove a co-owner", async () => {
    const org = await createTenant(t, { name: "Owners" });
    const url = (memberId: number) => `/c/organizations/${org.organizationId}/members/${memberId}`;
    const self = await call(org, "DELETE", url(await memberIdOf(org.userId, org.organizationId)));
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe("You cannot remove yourself from the organization.");

    const coOwner = await memberOf(org.organizationId, MEMBER_ROLE.owner, "CoOwner");
    const ownerByCoOwner = await call(
      coOwner,
      "DELETE",
      url(await memberIdOf(org.userId, org.organizationId)),
    );
    expect(ownerByCoOwner.statusCode).toBe(409);
    expect(ownerByCoOwner.json().error.message).toBe("The organization's owner cannot be removed.");

    const removed = await call(org, "DELETE", url(await memberIdOf(coOwner.userId, org.organizationId)));
    expect(removed.statusCode).toBe(200);
    const owners = await t.db
      .select()
      .from(schema.members)
      .where(
        and(
          eq(schema.members.organizationId, org.organizationId),
          eq(schema.members.role, MEMBER_ROLE.owner),
        ),
      );
    expect(owners.map((m) => m.userId)).toEqual([org.userId]);
  });

  it("changes a member's role: owners only, never their own, the organization owner's, or the last owner's", async () => {
    const org = await createTenant(t, { name: "Roles" });
    const url = (memberId: number) => `/c/organizations/${org.organizationId}/members/${memberId}`;
    const helper = await memberOf(org.organizationId, MEMBER_ROLE.member, "Helper");
    const helperId = await memberIdOf(helper.userId, org.organizationId);

    const promoted = await call(org, "PATCH", url(helperId), { role: MEMBER_ROLE.accountService });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ id: helperId, role: MEMBER_ROLE.accountService });
    // A member who is not an owner cannot change roles (their own included).
    const byMember = await call(helper, "PATCH", url(helperId), { role: MEMBER_ROLE.owner });
    expect(byMember.statusCode).toBe(403);
    for (const role of [0, 3, "owner", null]) {
      expect((await call(org, "PATCH", url(helperId), { role })).statusCode).toBe(400);
    }

    const self = await call(org, "PATCH", url(await memberIdOf(org.userId, org.organizationId)), {
      role: MEMBER_ROLE.member,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe("You cannot change your own role.");

    // A co-owner may not demote the organization's owner, who stays its last guaranteed owner.
    const coOwner = await memberOf(org.organizationId, MEMBER_ROLE.owner, "CoOwner");
    const demoteOwner = await call(coOwner, "PATCH", url(await memberIdOf(org.userId, org.organizationId)), {
      role: MEMBER_ROLE.member,
    });
    expect(demoteOwner.statusCode).toBe(409);
    expect(demoteOwner.json().error.message).toBe("The organization's owner keeps the Owner role.");

    // The owner demotes the co-owner; the co-owner is then a member who cannot manage.
    const coOwnerId = await memberIdOf(coOwner.userId, org.organizationId);
    const demoted = await call(org, "PATCH", url(coOwnerId), { role: MEMBER_ROLE.member });
    expect(demoted.json().data.role).toBe(MEMBER_ROLE.member);
    expect(
      (await call(coOwner, "GET", `/c/organizations/${org.organizationId}/invitations`)).statusCode,
    ).toBe(403);
    expect((await call(org, "PATCH", url(999_999), { role: MEMBER_ROLE.member })).statusCode).toBe(404);
  });

  it("never demotes the last Owner member, whatever requests race", async () => {
    const org = await createTenant(t, { name: "LastOwner" });
    // An organization whose owner_id user left the Owner role by some older path: one Owner member remains.
    const last = await memberOf(org.organizationId, MEMBER_ROLE.owner, "Last");
    await t.db
      .update(schema.members)
      .set({ role: MEMBER_ROLE.accountService })
      .where(eq(schema.members.id, await memberIdOf(org.userId, org.organizationId)));
    const lastId = await memberIdOf(last.userId, org.organizationId);
    const other = await memberOf(org.organizationId, MEMBER_ROLE.owner, "Other");
    const otherId = await memberIdOf(other.userId, org.organizationId);
    // Two owners demote each other at once: one may succeed, never both. The loser is refused by
    // the last-owner check (409) when both passed the role guard before either committed, or by the
    // role guard itself (403) when the winner had already committed: it is no longer an Owner.
    const [x, y] = await Promise.all([
      call(last, "PATCH", `/c/organizations/${org.organizationId}/members/${otherId}`, { role: 1 }),
      call(other, "PATCH", `/c/organizations/${org.organizationId}/members/${lastId}`, { role: 1 }),
    ]);
    const statuses = [x.statusCode, y.statusCode].sort();
    expect([
      [200, 403],
      [200, 409],
    ]).toContainEqual(statuses);
    const owners = await t.db.$count(
      schema.members,
      and(eq(schema.members.organizationId, org.organizationId), eq(schema.members.role, MEMBER_ROLE.owner)),
    );
    expect(owners).toBe(1);
  });

  it("lists members with role and, for owners only, their credit usage less refunds", async () => {
    const org = await createTenant(t, { name: "Usage" });
    const sender = await memberOf(org.organizationId, MEMBER_ROLE.member, "Sender");
    const senderMemberId = await memberIdOf(sender.userId, org.organizationId);
    await t.db.transaction((tx) =>
      credit(tx, "earned", {
        organizationId: org.organizationId,
        credits: 1000,
        reason: "ledger.free_trial",
        reference: "test:usage",
      }),
    );
    await t.db.transaction((tx) =>
      debit(tx, {
        organizationId: org.organizationId,
        credits: 300,
        memberId: senderMemberId,
        userId: sender.userId,
        reason: "test.send",
        reference: "campaign:1",
      }),
    );
    await t.db.transaction((tx) =>
      credit(tx, "refunded", {
        organizationId: org.organizationId,
        credits: 40,
        memberId: senderMemberId,
        reason: "test.refund",
        reference: "campaign:1",
      }),
    );
    const res = await call(org, "GET", `/c/organizations/${org.organizationId}/members?sort=name`);
    expect(res.statusCode).toBe(200);
    const members = res.json().data.entities;
    expect(members).toEqual([
      expect.objectContaining({
        name: "Test Sender",
        role: MEMBER_ROLE.member,
        credit_usage: 260,
        is_owner: false,
      }),
      expect.objectContaining({
        name: "Test Usage",
        role: MEMBER_ROLE.owner,
        credit_usage: 0,
        is_owner: true,
      }),
    ]);
    const asMember = await call(sender, "GET", `/c/organizations/${org.organizationId}/members`);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().data.entities.map((m: { credit_usage: unknown }) => m.credit_usage)).toEqual([
      null,
      null,
    ]);

    const usages = await call(org, "GET", `/c/organizations/${org.organizationId}/member-credit-usages`);
    expect(usages.statusCode).toBe(200);
    expect(usages.json().data.entities[0]).toEqual({
      member_id: senderMemberId,
      name: "Test Sender",
      email: sender.email,
      role: MEMBER_ROLE.member,
      credit_usage: 260,
    });
    expect(
      (await call(sender, "GET", `/c/organizations/${org.organizationId}/member-credit-usages`)).statusCode,
    ).toBe(403);

    // What no member did (an API send) is its own line, so the usage adds up to the organization's.
    await t.db.transaction((tx) =>
      debit(tx, {
        organizationId: org.organizationId,
        credits: 55,
        reason: "test.api",
        reference: "api:1",
      }),
    );
    const summary = await call(org, "GET", `/c/organizations/${org.organizationId}/credit-usage-summary`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data).toEqual({ total: 315, members: 260, unattributed: 55 });
    expect(
      (await call(sender, "GET", `/c/organizations/${org.organizationId}/credit-usage-summary`)).statusCode,
    ).toBe(403);
  });

  it("removes a member who has credit history, keeping every entry (only who acted is forgotten)", async () => {
    const org = await createTenant(t, { name: "History" });
    const spender = await memberOf(org.organizationId, MEMBER_ROLE.member, "Spender");
    const memberId = await memberIdOf(spender.userId, org.organizationId);
    await t.db.transaction((tx) =>
      credit(tx, "earned", {
        organizationId: org.organizationId,
        credits: 50,
        reason: "ledger.free_trial",
        reference: "test:history",
      }),
    );
    await t.db.transaction((tx) =>
      debit(tx, {
        organizationId: org.organizationId,
        credits: 5,
        memberId,
        reason: "test.send",
        reference: "message:1",
      }),
    );
    const res = await call(org, "DELETE", `/c/organizations/${org.organizationId}/members/${memberId}`);
    expect(res.statusCode).toBe(200);
    const entries = await t.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.organizationId, org.organizationId))
      .orderBy(schema.creditEntries.id);
    expect(entries.map((e) => [e.type, e.credits, e.balanceAfter, e.memberId])).toEqual([
      ["earned", 50, 50, null],
      ["used", -5, 45, null],
    ]);
  });

  it("shows the credit history newest first with balance, translated reason and member, over a period", async () => {
    const org = await createTenant(t, { name: "Ledger" });
    const memberId = await memberIdOf(org.userId, org.organizationId);
    await t.db.transaction((tx) =>
      credit(tx, "earned", {
        organizationId: org.organizationId,
        credits: 1500,
        reason: "ledger.free_trial",
        reference: "test:ledger",
      }),
    );
    await t.db.transaction((tx) =>
      debit(tx, {
        organizationId: org.organizationId,
        credits: 2,
        memberId,
        userId: org.userId,
        reason: "SMS to 2 numbers",
        reference: "message:9",
      }),
    );
    const res = await call(org, "GET", `/c/organizations/${org.organizationId}/credits`);
    expect(res.statusCode).toBe(200);
    const { entities, page_information } = res.json().data;
    expect(entities).toEqual([
      expect.objectContaining({
        type: "used",
        credits: -2,
        balance_after: 1498,
        reason: "SMS to 2 numbers",
        reference: "message:9",
        member: { id: memberId, name: "Test Ledger" },
      }),
      expect.objectContaining({
        type: "earned",
        credits: 1500,
        balance_after: 1500,
        reason: translate("ledger.free_trial", "en"),
        member: null,
      }),
    ]);
    expect(page_information.total_item).toBe(2);
    const earnedOnly = await call(org, "GET", `/c/organizations/${org.organizationId}/credits?type=earned`);
    expect(earnedOnly.json().data.entities).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    const old = await call(
      org,
      "GET",
      `/c/organizations/${org.organizationId}/credits?start=2020-01-01&end=2020-01-31`,
    );
    expect(old.json().data.entities).toEqual([]);
    for (const query of [
      `start=${today}`,
      "start=2020-01-01&end=2022-01-01",
      "start=2999-01-01&end=2999-01-02",
      "type=gift",
    ]) {
      expect(
        (await call(org, "GET", `/c/organizations/${org.organizationId}/credits?${query}`)).statusCode,
        query,
      ).toBe(400);
    }

    const mine = await call(org, "GET", "/c/me/credits?page=1&size=1");
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.entities).toHaveLength(1);
    expect(mine.json().data.page_information).toMatchObject({ total_item: 2, total_pages: 2 });
    const plainMember = await memberOf(org.organizationId, MEMBER_ROLE.member, "Plain");
    expect((await call(plainMember, "GET", "/c/me/credits")).statusCode).toBe(403);
    expect(
      (await call(plainMember, "GET", `/c/organizations/${org.organizationId}/credits`)).statusCode,
    ).toBe(200);
  });

  it("words a reason key in the caller's language", async () => {
    const org = await createTenant(t, { name: "Buyer" });
    await t.db.transaction((tx) =>
      credit(tx, "earned", {
        organizationId: org.organizationId,
        credits: 1500,
        reason: "ledger.order_approved",
        reference: "order:1",
      }),
    );
    const en = await call(org, "GET", "/c/me/credits");
    expect(en.json().data.entities[0]).toMatchObject({
      reason: translate("ledger.order_approved", "en"),
      reference: "order:1",
    });
    const th = await t.app.inject({ method: "GET", url: "/api/v1/c/me/credits", headers: org.headers });
    expect(th.json().data.entities[0].reason).toBe(translate("ledger.order_approved", "th"));
    expect(translate("ledger.order_approved", "th")).not.toBe(translate("ledger.order_approved", "en"));
  });

  it("switches the current organization only to one the user is a member of", async () => {
    const d = await createTenant(t, { name: "Delta" });
    await addMember(t, b.organizationId, d.userId, MEMBER_ROLE.member);
    const res = await call(d, "POST", "/c/me/organizations", { organization_id: b.organizationId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      default_organization_id: b.organizationId,
      default_organization: { id: b.organizationId, name: "Bravo" },
    });
    const list = await call(d, "GET", "/c/organizations");
    const current = list.json().data.entities.filter((o: { current_member: unknown }) => o.current_member);
    expect(current.map((o: { id: number }) => o.id)).toEqual([b.organizationId]);

    const notMine = await call(d, "POST", "/c/me/organizations", { organization_id: a.organizationId });
    expect(notMine.statusCode).toBe(404);
    expect(await currentOrganizationOf(d.userId)).toBe(b.organizationId);
    expect((await call(d, "POST", "/c/me/organizations", { organization_id: "abc" })).statusCode).toBe(400);
    expect(
      (await call(d, "POST", "/c/me/organizations", { organization_id: 2_147_483_648 })).statusCode,
    ).toBe(400);

    const adminToken = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const admin = { headers: bearer(adminToken) };
    expect(
      (await call(admin, "POST", "/c/me/organizations", { organization_id: a.organizationId })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another organization's ids on every id-bearing route", async () => {
    const bMember = await memberIdOf(b.userId, b.organizationId);
    const aMember = await memberIdOf(a.userId, a.organizationId);
    await expectCrossTenant404(t, a, [
      { method: "GET", url: `/api/v1/c/organizations/${b.organizationId}` },
      { method: "PATCH", url: `/api/v1/c/organizations/${b.organizationId}`, payload: { name: "Taken" } },
      { method: "GET", url: `/api/v1/c/organizations/${b.organizationId}/members` },
      {
        method: "POST",
        url: `/api/v1/c/organizations/${b.organizationId}/members`,
        payload: { email: "someone@example.com", role: 1 },
      },
      { method: "DELETE", url: `/api/v1/c/organizations/${b.organizationId}/members/${bMember}` },
      // A member id of B through A's own organization path.
      { method: "DELETE", url: `/api/v1/c/organizations/${a.organizationId}/members/${bMember}` },
      { method: "GET", url: `/api/v1/c/organizations/${b.organizationId}/member-credit-usages` },
      { method: "GET", url: `/api/v1/c/organizations/${b.organizationId}/credit-usage-summary` },
      {
        method: "PATCH",
        url: `/api/v1/c/organizations/${b.organizationId}/members/${bMember}`,
        payload: { role: 2 },
      },
      // A member id of B through A's own organization path.
      {
        method: "PATCH",
        url: `/api/v1/c/organizations/${a.organizationId}/members/${bMember}`,
        payload: { role: 2 },
      },
      { method: "GET", url: `/api/v1/c/organizations/${b.organizationId}/credits` },
      { method: "GET", url: "/api/v1/c/organizations/999999" },
    ]);
    expect(aMember).toBeGreaterThan(0);
    const [bravo] = await t.db
      .select()
      .from(schema.organizations)
      .where(eq(schema.organizations.id, b.organizationId));
    expect(bravo?.name).toBe("Bravo");
  });
});
