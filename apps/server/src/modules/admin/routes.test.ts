import { randomUUID } from "node:crypto";
import { schema } from "@sms/db";
import { adminEndpoints, buildPath, MEMBER_ROLE, thaiPublicHolidays } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireMember } from "../../platform/tenant.ts";
import { addMember, createTenant, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";
import { lockAccount } from "../auth/index.ts";
import { credit } from "../credits/index.ts";

type Json = Record<string, unknown>;

describe("back office", () => {
  let t: TestContext;
  let staff: { authorization: string };
  let acme: TestTenant;
  let beta: TestTenant;

  beforeAll(async () => {
    t = await createTestApp({
      routes: (app) => {
        // A spending action of the role matrix, to see the suspension through the real guard.
        app.post("/probe/buy", { onRequest: requireMember({ permission: "credits.buy" }) }, async () => ({
          ok: true,
        }));
      },
    });
    staff = { authorization: `Bearer ${await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password)}` };
    acme = await createTenant(t, { name: "Acme Widgets" });
    beta = await createTenant(t, { name: "Beta Logistics" });
    await t.db.transaction((tx) =>
      credit(tx, "earned", {
        organizationId: acme.organizationId,
        credits: 500,
        reason: "ledger.free_trial",
        reference: "test:seed",
      }),
    );
  });
  afterAll(() => t.close());

  const call = (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    payload?: Json,
    headers = staff,
  ) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const auditRows = (action: string) =>
    t.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action));

  it("answers 404 to a customer (and 401 to no one signed in) on every back-office endpoint", async () => {
    const params = { id: acme.organizationId, date: "2026-12-05" };
    for (const endpoint of Object.values(adminEndpoints)) {
      const url = `/api/v1${buildPath(endpoint.path, endpoint.path.includes("{") ? params : undefined)}`;
      const asCustomer = await t.app.inject({
        method: endpoint.method,
        url,
        headers: acme.headers,
        payload: {},
      });
      expect({ url, status: asCustomer.statusCode }).toEqual({ url, status: 404 });
      const anonymous = await t.app.inject({ method: endpoint.method, url, payload: {} });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
    }
  });

  describe("home summary", () => {
    it("counts what waits for staff: pending sender names, new contact messages, locked accounts", async () => {
      const summary = async () => (await call("GET", "/admin/summary")).json().data;
      const before = await summary();
      expect(before).toEqual({
        waiting_orders: expect.any(Number),
        pending_senders: expect.any(Number),
        new_contact_submissions: expect.any(Number),
        locked_users: expect.any(Number),
      });
      await t.db.insert(schema.senders).values({
        organizationId: acme.organizationId,
        name: "WAITING1",
        type: "marketing",
        status: "pending",
        requestedBy: acme.userId,
      });
      await t.db.insert(schema.contactSubmissions).values([
        { name: "A", email: "a@example.com", topic: "sales", message: "Hi", locale: "th" },
        {
          name: "B",
          email: "b@example.com",
          topic: "sales",
          message: "Hi",
          locale: "en",
          status: "answered",
        },
      ]);
      const lockedOne = await createTenant(t, { name: "Summary Locked" });
      await lockAccount(t.db, lockedOne.userId, new Date());
      const after = await summary();
      expect(after).toEqual({
        waiting_orders: before.waiting_orders,
        pending_senders: before.pending_senders + 1,
        new_contact_submissions: before.new_contact_submissions + 1,
        locked_users: before.locked_users + 1,
      });
    });
  });

  describe("users and organizations", () => {
    it("searches users by name, e-mail and phone number (0… or 66… form)", async () => {
      const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, acme.userId));
      if (!user) throw new Error("no user");
      const find = async (search: string) => {
        const res = await call("GET", `/admin/users?search=${encodeURIComponent(search)}`);
        expect(res.statusCode).toBe(200);
        return (res.json().data.entities as { id: number }[]).map((u) => u.id);
      };
      expect(await find("Acme Widgets")).toEqual([acme.userId]);
      expect(await find(acme.email.toUpperCase())).toEqual([acme.userId]);
      expect(await find(user.phoneNumber)).toEqual([acme.userId]);
      expect(await find(`0${user.phoneNumber.slice(2)}`)).toEqual([acme.userId]);
      expect(await find("%")).toEqual([]);
      const all = await call("GET", "/admin/users?size=2&page=1");
      expect(all.json().data.page_information).toMatchObject({ page: 1, size: 2 });
      expect(all.json().data.page_information.total_item).toBeGreaterThanOrEqual(3);
    });

    it("searches organizations by name and lists owner, balance and members", async () => {
      const res = await call("GET", "/admin/organizations?search=acme");
      expect(res.statusCode).toBe(200);
      expect(res.json().data.entities).toEqual([
        expect.objectContaining({
          id: acme.organizationId,
          name: "Acme Widgets",
          credits: 500,
          members_count: 1,
          suspension: null,
          owner: expect.objectContaining({ id: acme.userId, email: acme.email }),
        }),
      ]);
      const byOwner = await call("GET", `/admin/organizations?search=${encodeURIComponent(beta.email)}`);
      expect(byOwner.json().data.entities.map((o: Json) => o.id)).toEqual([beta.organizationId]);
      expect((await call("GET", "/admin/organizations?sort=credits&reverse=true")).statusCode).toBe(200);
      expect((await call("GET", "/admin/organizations?sort=password")).statusCode).toBe(400);
    });

    it("shows one organization with its members and latest credit entries, and 404 for an unknown id", async () => {
      await addMember(t, acme.organizationId, beta.userId, MEMBER_ROLE.accountService);
      const res = await call("GET", `/admin/organizations/${acme.organizationId}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.members.map((m: Json) => [m.id, m.role])).toEqual([
        [acme.userId, MEMBER_ROLE.owner],
        [beta.userId, MEMBER_ROLE.accountService],
      ]);
      expect(data.recent_credit_entries[0]).toMatchObject({
        type: "earned",
        credits: 500,
        balance_after: 500,
      });
      expect((await call("GET", "/admin/organizations/999999")).statusCode).toBe(404);
      expect((await call("GET", "/admin/organizations/abc")).statusCode).toBe(400);
    });
  });

  describe("a user's page and support actions", () => {
    const me = (tenant: TestTenant) =>
      t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: tenant.headers });
    const setUser = (id: number, set: Partial<typeof schema.users.$inferInsert>) =>
      t.db.update(schema.users).set(set).where(eq(schema.users.id, id));
    const auditOf = async (action: string, userId: number) =>
      (await auditRows(action)).filter((r) => r.targetType === "user" && r.targetId === String(userId));

    it("counts each user's own organizations in the list, not every organization", async () => {
      const counts = async () => {
        const res = await call("GET", "/admin/users?size=100");
        const rows = res.json().data.entities as { id: number; organizations_count: number }[];
        return Object.fromEntries(rows.map((u) => [u.id, u.organizations_count]));
      };
      const byId = await counts();
      // beta is also a member of acme (added above); acme's user belongs to acme only.
      expect(byId[acme.userId]).toBe(1);
      expect(byId[beta.userId]).toBe(2);
      const loner = await createTenant(t, { name: "Loner" });
      expect((await counts())[loner.userId]).toBe(1);
    });

    it("shows one user with organizations, roles, sessions and lock; 404 for an unknown id", async () => {
      const res = await call("GET", `/admin/users/${beta.userId}`);
      expect(res.statusCode).toBe(200);
      const user = res.json().data;
      expect(user).toMatchObject({
        id: beta.userId,
        email: beta.email,
        locked: false,
        locked_at: null,
        organizations_count: 2,
      });
      expect(user.open_sessions).toBeGreaterThanOrEqual(1);
      expect(user.last_sign_in_at).not.toBeNull();
      expect(user.memberships).toEqual(
        expect.arrayContaining([
          { organization_id: beta.organizationId, name: "Beta Logistics", role: MEMBER_ROLE.owner },
          { organization_id: acme.organizationId, name: "Acme Widgets", role: MEMBER_ROLE.accountService },
        ]),
      );
      expect((await call("GET", "/admin/users/999999")).statusCode).toBe(404);
      expect((await call("GET", "/admin/users/abc")).statusCode).toBe(400);
    });

    it("unlocks an account locked by wrong passwords (the terms' unlock by phone), audited; not locked is 409", async () => {
      const tenant = await createTenant(t, { name: "Locked Out" });
      await lockAccount(t.db, tenant.userId, new Date());
      const locked = await call("GET", `/admin/users/${tenant.userId}`);
      expect(locked.json().data.locked).toBe(true);
      await expect(signIn(t, tenant.email, tenant.password)).rejects.toThrow();

      const res = await call("POST", `/admin/users/${tenant.userId}/unlock`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ locked: false, locked_at: null });
      expect(await signIn(t, tenant.email, tenant.password)).toBeTruthy();
      const [audit] = await auditOf("users.unlock", tenant.userId);
      expect(audit).toMatchObject({ actorUserId: expect.any(Number) });
      expect(JSON.parse(audit?.after ?? "null")).toEqual({ locked_at: null });

      const again = await call("POST", `/admin/users/${tenant.userId}/unlock`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBeTruthy();
      expect(await auditOf("users.unlock", tenant.userId)).toHaveLength(1);
      expect((await call("POST", "/admin/users/999999/unlock")).statusCode).toBe(404);
    });

    it("ends every open session of a user, audited; none open is 409", async () => {
      const tenant = await createTenant(t, { name: "Lost Phone" });
      expect((await me(tenant)).statusCode).toBe(200);
      const res = await call("DELETE", `/admin/users/${tenant.userId}/sessions`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.open_sessions).toBe(0);
      expect((await me(tenant)).statusCode).toBe(401);
      const [audit] = await auditOf("users.end_sessions", tenant.userId);
      expect(JSON.parse(audit?.before ?? "null")).toEqual({ open_sessions: 1 });
      expect((await call("DELETE", `/admin/users/${tenant.userId}/sessions`)).statusCode).toBe(409);
      expect(await auditOf("users.end_sessions", tenant.userId)).toHaveLength(1);
      expect((await call("DELETE", "/admin/users/999999/sessions")).statusCode).toBe(404);
    });

    it("e-mails an unverified user how to verify, audited; a verified user is 409", async () => {
      const tenant = await createTenant(t, { name: "Unverified" });
      expect((await call("POST", `/admin/users/${tenant.userId}/verification-reminder`)).statusCode).toBe(
        409,
      );
      await setUser(tenant.userId, { emailVerifiedAt: null });
      const res = await call("POST", `/admin/users/${tenant.userId}/verification-reminder`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.email_verified).toBe(false);
      await t.jobs.drain();
      const mails = await t.db
        .select()
        .from(schema.devMessages)
        .where(eq(schema.devMessages.recipient, tenant.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain("/en/accounts");
      expect(mails[0]?.text).toContain("e-mail");
      expect(mails[0]?.text).not.toContain("phone number");
      expect(await auditOf("users.verification_reminder", tenant.userId)).toHaveLength(1);
      expect((await call("POST", "/admin/users/999999/verification-reminder")).statusCode).toBe(404);
    });
  });

  describe("credit adjustments", () => {
    const adjust = (organizationId: number, body: Json) =>
      call("POST", `/admin/organizations/${organizationId}/credit-adjustments`, body);

    it("adds credits through the ledger with the reason, once for a double click, audited once", async () => {
      const key = randomUUID();
      const body = { credits: 250, reason: "Goodwill after outage", idempotency_key: key };
      const [first, second] = await Promise.all([
        adjust(acme.organizationId, body),
        adjust(acme.organizationId, body),
      ]);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(first.json().data.entry).toMatchObject({
        type: "adjusted",
        credits: 250,
        balance_after: 750,
        reason: "Goodwill after outage",
        reference: `adjustment:${key}`,
      });
      expect(second.json().data.entry.id).toBe(first.json().data.entry.id);
      expect(second.json().data.balance).toBe(750);
      const again = await adjust(acme.organizationId, body);
      expect(again.json().data.balance).toBe(750);
      const audits = (await auditRows("credits.adjust")).filter((r) => r.reason === "Goodwill after outage");
      expect(audits).toHaveLength(1);
      expect(JSON.parse(audits[0]?.before ?? "null")).toEqual({ credits: 500 });
      expect(JSON.parse(audits[0]?.after ?? "null")).toMatchObject({ credits: 750, adjustment: 250 });
    });

    it("takes credits away, but never more than the balance (402 INSUFFICIENT_CREDITS)", async () => {
      const take = await adjust(acme.organizationId, {
        credits: -50,
        reason: "Duplicate grant",
        idempotency_key: randomUUID(),
      });
      expect(take.statusCode).toBe(201);
      expect(take.json().data.balance).toBe(700);
      const tooMuch = await adjust(acme.organizationId, {
        credits: -701,
        reason: "Too much",
        idempotency_key: randomUUID(),
      });
      expect(tooMuch.statusCode).toBe(402);
      expect(tooMuch.json().error.code).toBe("INSUFFICIENT_CREDITS");
      const [org] = await t.db
        .select({ credits: schema.organizations.credits })
        .from(schema.organizations)
        .where(eq(schema.organizations.id, acme.organizationId));
      expect(org?.credits).toBe(700);
      expect((await auditRows("credits.adjust")).some((r) => r.reason === "Too much")).toBe(false);
    });

    it("needs a reason, a non-zero whole number and a request key; 404 for an unknown organization", async () => {
      const key = randomUUID();
      const bad = [
        { credits: 10, reason: "  ", idempotency_key: key },
        { credits: 0, reason: "x", idempotency_key: key },
        { credits: 1.5, reason: "x", idempotency_key: key },
        { credits: 10, reason: "x", idempotency_key: "not-a-uuid" },
        { credits: 10, reason: "x" },
      ];
      for (const body of bad) expect((await adjust(acme.organizationId, body)).statusCode).toBe(400);
      const unknown = await adjust(999_999, { credits: 10, reason: "x", idempotency_key: key });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe("suspension", () => {
    const buy = (tenant: TestTenant) =>
      t.app.inject({ method: "POST", url: "/probe/buy", headers: tenant.headers });
    const cartOf = (tenant: TestTenant) =>
      t.app.inject({ method: "GET", url: "/api/v1/c/carts?package_id=1", headers: tenant.headers });

    it("suspends for 1 to 15 days with a reason; the organization is refused spending and told why", async () => {
      for (const body of [{ days: 0, reason: "spam" }, { days: 16, reason: "spam" }, { days: 3 }]) {
        expect(
          (await call("POST", `/admin/organizations/${beta.organizationId}/suspension`, body)).statusCode,
        ).toBe(400);
      }
      const res = await call(
        "POST",
        `/admin/organizations/${beta.organizationId}/suspension`,
        { days: 3, reason: "Suspected phishing" },
        { ...staff, "accept-language": "en" } as typeof staff,
      );
      expect(res.statusCode).toBe(200);
      const { suspension } = res.json().data;
      expect(suspension.reason).toBe("Suspected phishing");
      const days = (Date.parse(suspension.until) - Date.parse(suspension.since)) / 86_400_000;
      expect(days).toBe(3);

      const refused = await buy(beta);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe("SUSPENDED");
      expect(refused.json().error.message).toContain("Suspected phishing");
      expect((await buy(acme)).statusCode).toBe(200);
      // The same through a real buying endpoint (permission credits.buy).
      const cart = await cartOf(beta);
      expect(cart.statusCode).toBe(403);
      expect(cart.json().error.code).toBe("SUSPENDED");
      expect((await cartOf(acme)).statusCode).toBe(200);
      // The customer's own profile carries the suspension, so every page can say why.
      const me = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: beta.headers });
      expect(me.json().data.default_organization.suspension).toEqual({
        until: suspension.until,
        reason: "Suspected phishing",
      });

      const [audit] = await auditRows("organizations.suspend");
      expect(audit).toMatchObject({ targetType: "organization", targetId: String(beta.organizationId) });
      expect(JSON.parse(audit?.before ?? "null")).toMatchObject({ suspended_until: null });
      expect(JSON.parse(audit?.after ?? "null")).toMatchObject({
        suspension_reason: "Suspected phishing",
        days: 3,
      });
    });

    it("reinstates: the organization may spend again; reinstating twice audits once", async () => {
      const res = await call("DELETE", `/admin/organizations/${beta.organizationId}/suspension`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.suspension).toBeNull();
      const me = await t.app.inject({ method: "GET", url: "/api/v1/c/me", headers: beta.headers });
      expect(me.json().data.default_organization.suspension).toBeNull();
      expect((await buy(beta)).statusCode).toBe(200);
      expect((await cartOf(beta)).statusCode).toBe(200);
      await call("DELETE", `/admin/organizations/${beta.organizationId}/suspension`);
      expect(await auditRows("organizations.reinstate")).toHaveLength(1);
      expect((await call("DELETE", "/admin/organizations/999999/suspension")).statusCode).toBe(404);
      const unknown = await call("POST", "/admin/organizations/999999/suspension", { days: 1, reason: "x" });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe("package catalogue", () => {
    it("lists every package and edits one, ignoring is_trial; audits before and after", async () => {
      const list = await call("GET", "/admin/packages");
      expect(list.statusCode).toBe(200);
      const packages = list.json().data.entities as Json[];
      expect(packages.find((p) => p.id === 17)).toMatchObject({ is_trial: true });

      const res = await call("PATCH", "/admin/packages/2", {
        name: "Basic Plus",
        price_satang: 210_000,
        active: false,
        is_trial: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: 2,
        name: "Basic Plus",
        price_satang: 210_000,
        active: false,
        is_trial: false,
      });
      const [audit] = await auditRows("packages.update");
      expect(JSON.parse(audit?.before ?? "null")).toMatchObject({
        name: "Basic",
        price_satang: 200_000,
        active: true,
      });
      expect(JSON.parse(audit?.after ?? "null")).toMatchObject({ name: "Basic Plus", price_satang: 210_000 });

      const trial = await call("PATCH", "/admin/packages/17", { is_trial: false, credits: 60 });
      expect(trial.json().data).toMatchObject({ is_trial: true, credits: 60 });
      expect((await call("PATCH", "/admin/packages/2", { months: 0 })).statusCode).toBe(400);
      expect((await call("PATCH", "/admin/packages/2", { price_satang: -1 })).statusCode).toBe(400);
      expect((await call("PATCH", "/admin/packages/999", { name: "x" })).statusCode).toBe(404);
    });

    it("adds a package after the highest id", async () => {
      const res = await call("POST", "/admin/packages", {
        name: "Mega",
        months: 12,
        credits: 1_000_000,
        price_satang: 25_000_000,
        active: true,
        sort_order: 9,
        is_trial: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ id: 18, name: "Mega", is_trial: false });
      expect((await auditRows("packages.create")).map((r) => r.targetId)).toEqual(["18"]);
      expect((await call("POST", "/admin/packages", { name: "Half" })).statusCode).toBe(400);
    });
  });

  describe("settings and holidays", () => {
    it("publishes a new terms version, which /configurations then answers", async () => {
      const before = (await call("GET", "/admin/settings")).json().data.tnc_version;
      const res = await call("PUT", "/admin/settings/tnc-version", { tnc_version: "2.0" });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.tnc_version).toBe("2.0");
      const pub = await t.app.inject({ method: "GET", url: "/api/v1/configurations" });
      expect(pub.json().data.tnc_version).toBe("2.0");
      await call("PUT", "/admin/settings/tnc-version", { tnc_version: "2.0" });
      const audits = await auditRows("settings.tnc_version");
      expect(audits).toHaveLength(1);
      expect(JSON.parse(audits[0]?.before ?? "null")).toEqual({ tnc_version: before });
      for (const tnc_version of ["", "two point oh", "<b>1</b>"]) {
        expect((await call("PUT", "/admin/settings/tnc-version", { tnc_version })).statusCode).toBe(400);
      }
    });

    it("publishes what changed with a version, which /configurations answers for the re-acceptance (D69)", async () => {
      const note = "Refunds: the 30-day window now counts from the send.";
      const res = await call("PUT", "/admin/settings/tnc-version", {
        tnc_version: "2.1",
        change_note: ` ${note} `,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ tnc_version: "2.1", tnc_change_note: note });
      const pub = await t.app.inject({ method: "GET", url: "/api/v1/configurations" });
      expect(pub.json().data).toMatchObject({ tnc_version: "2.1", tnc_change_note: note });
      const audits = await auditRows("settings.tnc_version");
      expect(audits.map((a) => JSON.parse(a.after ?? "null"))).toContainEqual({
        tnc_version: "2.1",
        change_note: note,
      });
      // A later version without a note says nothing of the last one's changes.
      await call("PUT", "/admin/settings/tnc-version", { tnc_version: "2.2" });
      const later = await t.app.inject({ method: "GET", url: "/api/v1/configurations" });
      expect(later.json().data.tnc_change_note).toBeNull();
      const long = await call("PUT", "/admin/settings/tnc-version", {
        tnc_version: "2.3",
        change_note: "x".repeat(501),
      });
      expect(long.statusCode).toBe(400);
      expect((await call("GET", "/admin/settings")).json().data.tnc_version).toBe("2.2");
    });

    it("ships the official 2026 and 2027 holidays, adds, lists by year and deletes; refuses duplicates and impossible dates", async () => {
      // From the first day (migration 0036, ADR 76): the built-in table, named in Thai.
      const official = (year: number) =>
        (thaiPublicHolidays(year) ?? []).map((h) => ({ date: h.date, name: h.name.th }));
      expect(official(2026)).toHaveLength(21);
      expect((await call("GET", "/admin/holidays?year=2026")).json().data.entities).toEqual(official(2026));
      expect((await call("GET", "/admin/holidays?year=2027")).json().data.entities).toEqual(official(2027));

      const add = (date: string, name: string) => call("POST", "/admin/holidays", { date, name });
      expect((await add("2026-12-29", "วันหยุดพิเศษ")).statusCode).toBe(201);
      expect((await add("2026-12-30", "Bridge day")).statusCode).toBe(201);
      expect((await add("2028-01-03", "วันหยุดชดเชยวันขึ้นปีใหม่")).statusCode).toBe(201);
      // A built-in day is already there.
      const dup = await add("2026-12-05", "again");
      expect(dup.statusCode).toBe(409);
      for (const date of ["2026-02-30", "2026-13-01", "05/12/2026"]) {
        expect((await add(date, "x")).statusCode).toBe(400);
      }
      expect((await add("2026-12-31", " ")).statusCode).toBe(400);

      const y2026 = (await call("GET", "/admin/holidays?year=2026")).json().data.entities;
      expect(y2026.slice(-4)).toEqual([
        { date: "2026-12-10", name: "วันรัฐธรรมนูญ" },
        { date: "2026-12-29", name: "วันหยุดพิเศษ" },
        { date: "2026-12-30", name: "Bridge day" },
        { date: "2026-12-31", name: "วันสิ้นปี" },
      ]);
      // Staff may rename a day, a built-in one included: audited with the name before and after.
      const rename = (date: string, name: string) => call("PATCH", `/admin/holidays/${date}`, { name });
      const renamed = await rename("2026-12-31", " วันสิ้นปี (หยุดครึ่งวัน) ");
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toEqual({ date: "2026-12-31", name: "วันสิ้นปี (หยุดครึ่งวัน)" });
      expect((await call("GET", "/admin/holidays?year=2026")).json().data.entities.at(-1)).toEqual({
        date: "2026-12-31",
        name: "วันสิ้นปี (หยุดครึ่งวัน)",
      });
      const [update] = await auditRows("holidays.update");
      expect(JSON.parse(update?.before ?? "null")).toEqual({ date: "2026-12-31", name: "วันสิ้นปี" });
      expect(JSON.parse(update?.after ?? "null")).toEqual({ date: "2026-12-31", name: "วันสิ้นปี (หยุดครึ่งวัน)" });
      expect((await rename("2026-12-31", "  ")).statusCode).toBe(400);
      expect((await rename("2026-02-30", "x")).statusCode).toBe(400);
      expect((await rename("2026-12-28", "Not a holiday")).statusCode).toBe(404);
      // Staff may remove a built-in day; it stays removed (the migration ran once).
      const del = await call("DELETE", "/admin/holidays/2026-12-10");
      expect(del.statusCode).toBe(200);
      expect((await call("DELETE", "/admin/holidays/2026-12-10")).statusCode).toBe(404);
      expect((await call("GET", "/admin/holidays")).json().data.entities).toHaveLength(
        official(2026).length + official(2027).length + 3 - 1,
      );
      expect(await auditRows("holidays.create")).toHaveLength(3);
      const [deleted] = await auditRows("holidays.delete");
      expect(JSON.parse(deleted?.before ?? "null")).toEqual({ date: "2026-12-10", name: "วันรัฐธรรมนูญ" });
    });
  });

  describe("audit log", () => {
    it("lists every action newest first with who, what, when, before and after, and searches it", async () => {
      const res = await call("GET", "/admin/audit-log?size=100");
      expect(res.statusCode).toBe(200);
      const entries = res.json().data.entities as Json[];
      expect(entries.length).toBeGreaterThanOrEqual(8);
      const times = entries.map((e) => Date.parse(e.created_at as string));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(entries[0]).toMatchObject({
        action: "holidays.delete",
        actor: expect.objectContaining({ email: TEST_ADMIN.email }),
        before: { date: "2026-12-10", name: "วันรัฐธรรมนูญ" },
        after: null,
        // The holiday is gone: the name the entry kept.
        target_name: "วันรัฐธรรมนูญ",
        target_organization_id: null,
      });
      // Targets are named (and carry their organization for a link), not "organization:12".
      expect(entries.find((e) => e.action === "organizations.suspend")).toMatchObject({
        target_name: "Beta Logistics",
        target_organization_id: beta.organizationId,
      });
      expect(entries.find((e) => e.action === "users.unlock")).toMatchObject({
        target_name: "Test Locked Out",
        target_organization_id: null,
      });
      expect(entries.find((e) => e.action === "packages.update" && e.target_id === "2")).toMatchObject({
        target_name: "Basic Plus",
      });
      const adjustments = await call("GET", "/admin/audit-log?search=credits.adjust");
      const found = adjustments.json().data.entities as Json[];
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((e) => e.action === "credits.adjust")).toBe(true);
      const byTarget = await call("GET", `/admin/audit-log?search=organization:${beta.organizationId}`);
      expect((byTarget.json().data.entities as Json[]).map((e) => e.action).sort()).toEqual([
        "organizations.reinstate",
        "organizations.suspend",
      ]);
    });
  });
});
