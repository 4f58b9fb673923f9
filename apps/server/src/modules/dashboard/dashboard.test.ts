import { type Db, pgArray, queryRows, schema } from "@sms/db";
import {
  bangkokDayKey,
  DASHBOARD_DEFAULT_DAYS,
  MEMBER_ROLE,
  type ReportFilterMessageKey,
  shiftDay,
  type TDashboard,
} from "@sms/domain";
import domainEn from "@sms/domain/catalogue-en";
import domainTh from "@sms/domain/catalogue-th";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCampaign } from "../../test/messages.ts";
import { errorOf, type SendTenant, sendFixtures } from "../../test/sends.ts";
import { addMember, createTenant, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

type Status = (typeof schema.MESSAGE_STATUSES)[number];
type MessageType = (typeof schema.MESSAGE_TYPES)[number];

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
});
afterAll(() => t?.close());

const today = () => bangkokDayKey(new Date());

async function dashboard(
  who: Pick<TestTenant, "headers">,
  query = "",
  locale: "th" | "en" = "en",
): Promise<{ status: number; body: TDashboard; raw: { json: () => unknown } }> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/c/me/dashboard${query}`,
    headers: { ...who.headers, "accept-language": locale },
  });
  return { status: res.statusCode, body: (res.json() as { data: TDashboard }).data, raw: res };
}

/** Rollup delta rows as the engine writes them (several rows per key until the compaction folds them). */
async function rollup(
  organizationId: number,
  rows: { day: string; type: MessageType; status: Status; messages: number; credits: number }[],
  db: Db = t.db,
): Promise<void> {
  await db.insert(schema.messageDailyCounts).values(rows.map((r) => ({ organizationId, ...r })));
}

/**
 * Moves stored messages from one status to another the way the engine's applyChanges does: the
 * rows and the matching rollup deltas (one count out of the old status, one into the new).
 */
async function move(organizationId: number, ids: number[], from: Status, to: Status): Promise<void> {
  await t.db.transaction(async (tx) => {
    const moved = await queryRows<{ type: MessageType; day: string; n: unknown; c: unknown }>(
      tx,
      sql`with changed as (
            update messages set status = ${to} where id = any(${pgArray(ids)}::bigint[]) and status = ${from}
            returning type, created_at, credits)
          select type, ((created_at at time zone 'Asia/Bangkok')::date)::text as day, count(*) as n, sum(credits) as c
            from changed group by 1, 2`,
    );
    for (const m of moved) {
      await rollup(
        organizationId,
        [
          { day: m.day, type: m.type, status: from, messages: -Number(m.n), credits: -Number(m.c) },
          { day: m.day, type: m.type, status: to, messages: Number(m.n), credits: Number(m.c) },
        ],
        tx,
      );
    }
  });
}

const phones = (n: number, base: number) =>
  Array.from({ length: n }, (_, i) => `66891${base + i}`.padEnd(11, "0"));

/** The day's entry of the series. */
const dayOf = (d: TDashboard, day: string) => d.messages?.days.find((x) => x.day === day);

describe("GET /c/me/dashboard", () => {
  let a: SendTenant;
  let b: SendTenant;
  let campaignId: number;
  const expiry = new Date("2027-03-31T16:59:59.000Z");

  beforeAll(async () => {
    a = await f.freshTenant(5_000);
    b = await f.freshTenant(777);
    const d0 = today();
    const d1 = shiftDay(d0, -1);
    const d5 = shiftDay(d0, -5);
    const d40 = shiftDay(d0, -40);
    // A real campaign of 10 messages (1 credit each) sent now: queued rollups from the engine's dispatch,
    // then 8 accepted by the network, 5 of them delivered, 2 failed, 1 "checking status".
    const campaign = await seedCampaign(t, a.organizationId, phones(10, 1000), { text: "Hello" });
    campaignId = campaign.id;
    const ids = campaign.messageIds;
    await move(a.organizationId, ids.slice(0, 8), "queued", "sent");
    await move(a.organizationId, ids.slice(0, 5), "sent", "delivered");
    await move(a.organizationId, ids.slice(5, 7), "sent", "failed");
    await move(a.organizationId, ids.slice(9, 10), "queued", "pending");
    // Other types and days, as delta rows not yet compacted.
    await rollup(a.organizationId, [
      { day: d1, type: "api", status: "delivered", messages: 5, credits: 10 },
      { day: d1, type: "api", status: "delivered", messages: 2, credits: 4 },
      { day: d1, type: "instant", status: "queued", messages: 3, credits: 3 },
      { day: d1, type: "instant", status: "queued", messages: -1, credits: -1 },
      { day: d1, type: "instant", status: "pending", messages: 1, credits: 1 },
      { day: d5, type: "otp", status: "failed", messages: 3, credits: 3 },
      { day: d40, type: "campaign", status: "delivered", messages: 100, credits: 200 },
    ]);
    // Another organization's messages on the same days never show in A's dashboard.
    await rollup(b.organizationId, [
      { day: d0, type: "campaign", status: "delivered", messages: 999, credits: 999 },
      { day: d1, type: "api", status: "failed", messages: 50, credits: 50 },
    ]);
    await seedCampaign(t, b.organizationId, phones(3, 2000), { text: "Other organization" });
    await t.db
      .update(schema.organizations)
      .set({ creditExpiredOn: expiry })
      .where(eq(schema.organizations.id, a.organizationId));
  });

  it("answers every figure, the day series and the type breakdown exactly (default: the last 30 days)", async () => {
    const { status, body } = await dashboard(a);
    expect(status).toBe(200);
    const d0 = today();
    expect(body.period).toEqual({ start: shiftDay(d0, 1 - DASHBOARD_DEFAULT_DAYS), end: d0 });
    expect(body.credits).toEqual({ remaining: 5_000, expires_at: expiry.toISOString() });
    // 10 campaign + 7 api + 3 instant + 3 otp; d40 is outside the period.
    expect(body.messages?.totals).toEqual({
      sent: 23,
      delivered: 12,
      delivered_to_network: 1,
      failed: 5,
      queued: 3,
      pending: 2,
      used_credits: 10 + 14 + 3 + 3,
    });
    expect(body.messages?.days).toHaveLength(DASHBOARD_DEFAULT_DAYS);
    expect(body.messages?.days[0]?.day).toBe(body.period.start);
    expect(body.messages?.days.at(-1)?.day).toBe(d0);
    expect(dayOf(body, d0)).toEqual({ day: d0, queued: 1, sent: 1, delivered: 5, failed: 2, pending: 1 });
    expect(dayOf(body, shiftDay(d0, -1))).toEqual({
      day: shiftDay(d0, -1),
      queued: 2,
      sent: 0,
      delivered: 7,
      failed: 0,
      pending: 1,
    });
    expect(dayOf(body, shiftDay(d0, -5))).toMatchObject({ failed: 3, delivered: 0 });
    expect(dayOf(body, shiftDay(d0, -2))).toEqual({
      day: shiftDay(d0, -2),
      queued: 0,
      sent: 0,
      delivered: 0,
      failed: 0,
      pending: 0,
    });
    expect(body.messages?.types).toEqual([
      { type: "instant", messages: 3, credits: 3 },
      { type: "campaign", messages: 10, credits: 10 },
      { type: "api", messages: 7, credits: 14 },
      { type: "otp", messages: 3, credits: 3 },
    ]);
  });

  it("agrees with a live count of the messages it rolls up", async () => {
    const counted = await queryRows<{ status: Status; n: unknown }>(
      t.db,
      sql`select status, count(*) as n from messages where campaign_id = ${campaignId} group by status`,
    );
    const { body } = await dashboard(a);
    const day = dayOf(body, today());
    for (const row of counted) expect(day?.[row.status]).toBe(Number(row.n));
  });

  it("reads a chosen period, both ends included", async () => {
    const d0 = today();
    const start = shiftDay(d0, -40);
    const { status, body } = await dashboard(a, `?start=${start}&end=${shiftDay(d0, -1)}`);
    expect(status).toBe(200);
    expect(body.period).toEqual({ start, end: shiftDay(d0, -1) });
    expect(body.messages?.days).toHaveLength(40);
    expect(body.messages?.totals).toMatchObject({
      sent: 100 + 7 + 3 + 3,
      delivered: 107,
      used_credits: 200 + 14 + 3 + 3,
    });
    expect(body.messages?.types.find((x) => x.type === "campaign")).toEqual({
      type: "campaign",
      messages: 100,
      credits: 200,
    });
  });

  it("shows only the caller's current organization", async () => {
    const own = await dashboard(b);
    expect(own.body.credits.remaining).toBe(777);
    expect(own.body.messages?.totals).toMatchObject({ sent: 999 + 50 + 3, delivered: 999, failed: 50 });
    expect(own.body.recent_campaigns.map((c) => c.id)).not.toContain(campaignId);
    const mine = await dashboard(a);
    expect(mine.body.messages?.totals.sent).toBe(23);
    expect(mine.body.recent_campaigns.map((c) => c.id)).toEqual([campaignId]);

    // B's user also becomes a member of A: the dashboard follows the current organization only.
    await addMember(t, a.organizationId, b.userId, MEMBER_ROLE.owner);
    expect((await dashboard(b)).body.credits.remaining).toBe(777);
    const switched = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/organizations",
      headers: b.headers,
      payload: { organization_id: a.organizationId },
    });
    expect(switched.statusCode).toBe(200);
    const asA = await dashboard(b);
    expect(asA.body.credits.remaining).toBe(5_000);
    expect(asA.body.messages?.totals.sent).toBe(23);
    // A query parameter naming another organization is no way in.
    const probe = await dashboard(a, `?organization_id=${b.organizationId}`);
    expect(probe.body.credits.remaining).toBe(5_000);
  });

  it("refuses a wrong period with translated messages", async () => {
    const d0 = today();
    const cases: [string, ReportFilterMessageKey][] = [
      [`?start=${d0}&end=${shiftDay(d0, 1)}`, "validation.date_in_future"],
      [`?start=${shiftDay(d0, -92)}&end=${d0}`, "validation.date_range_too_long"],
      [`?start=${d0}&end=${shiftDay(d0, -3)}`, "validation.date_range_order"],
      [`?start=${d0}`, "validation.date_range_incomplete"],
      ["?start=2026-02-30&end=2026-03-01", "validation.date_invalid"],
    ];
    for (const [query, key] of cases) {
      for (const locale of ["th", "en"] as const) {
        const res = await dashboard(a, query, locale);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        const messages = (errorOf(res.raw).details ?? []).map((d) => d.message);
        expect({ query, messages }).toEqual({
          query,
          messages: [{ th: domainTh, en: domainEn }[locale][key]],
        });
      }
    }
    // 92 days, both ends counted, is the limit itself.
    expect((await dashboard(a, `?start=${shiftDay(d0, -91)}&end=${d0}`)).status).toBe(200);
  });

  it("requires a signed-in member", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/c/me/dashboard" });
    expect(res.statusCode).toBe(401);
  });
});

describe("a new organization", () => {
  it("answers zeros, no campaigns and an open checklist", async () => {
    const fresh = await createTenant(t, { name: "Brand new" });
    const { status, body } = await dashboard(fresh);
    expect(status).toBe(200);
    expect(body.credits).toEqual({ remaining: 0, expires_at: null });
    expect(body.messages?.totals).toEqual({
      sent: 0,
      delivered: 0,
      delivered_to_network: 0,
      failed: 0,
      queued: 0,
      pending: 0,
      used_credits: 0,
    });
    expect(body.messages?.days).toHaveLength(DASHBOARD_DEFAULT_DAYS);
    expect(
      body.messages?.days.every((d) => d.queued + d.sent + d.delivered + d.failed + d.pending === 0),
    ).toBe(true);
    expect(body.messages?.types.map((x) => [x.type, x.messages])).toEqual([
      ["instant", 0],
      ["campaign", 0],
      ["api", 0],
      ["otp", 0],
    ]);
    expect(body.recent_campaigns).toEqual([]);
    // createTenant verifies the phone and e-mail.
    expect(body.checklist).toEqual({
      verify: true,
      buy_credit: false,
      sender: false,
      contacts: false,
      send: false,
    });
  });
});

describe("the getting-started checklist", () => {
  it("ticks each step from real data, and only when it is really done", async () => {
    const tenant = await createTenant(t, { name: "Checklist" });
    const org = tenant.organizationId;
    const step = async () => (await dashboard(tenant)).body.checklist;

    // Verify: both the phone and the e-mail.
    await t.db.update(schema.users).set({ emailVerifiedAt: null }).where(eq(schema.users.id, tenant.userId));
    expect((await step()).verify).toBe(false);
    await t.db
      .update(schema.users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(schema.users.id, tenant.userId));
    expect((await step()).verify).toBe(true);

    // Buy credit: a staff grant is not a purchase; the free trial is.
    await f.fund(tenant, 100);
    expect((await step()).buy_credit).toBe(false);
    await t.db
      .update(schema.organizations)
      .set({ creditTrialRedeemedAt: new Date() })
      .where(eq(schema.organizations.id, org));
    expect((await step()).buy_credit).toBe(true);

    // Sender: a pending request is not enough.
    await t.db
      .insert(schema.senders)
      .values({ organizationId: org, name: "ChkPend", status: "pending", requestedBy: tenant.userId });
    expect((await step()).sender).toBe(false);
    await t.db
      .insert(schema.senders)
      .values({ organizationId: org, name: "ChkOk", status: "approved", requestedBy: tenant.userId });
    expect((await step()).sender).toBe(true);

    // Contacts: an empty group is not an import.
    await f.group(tenant, []);
    expect((await step()).contacts).toBe(false);
    await f.group(tenant, [{ phone: "66891234567" }]);
    expect((await step()).contacts).toBe(true);

    expect((await step()).send).toBe(false);
    await seedCampaign(t, org, ["66891234567"]);
    expect(await step()).toEqual({
      verify: true,
      buy_credit: true,
      sender: true,
      contacts: true,
      send: true,
    });
  });
});

describe("recent campaigns and roles", () => {
  it("lists the five latest campaigns, newest first, and only a member's own for own-reports roles", async () => {
    const owner = await f.freshTenant(0);
    const base = Date.now() - 60 * 60 * 1000;
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const c = await seedCampaign(t, owner.organizationId, phones(1, 3000 + i), {
        acceptedAt: new Date(base + i * 60_000),
      });
      await t.db.execute(
        sql`update campaigns set created_at = accepted_at, user_id = ${owner.userId} where id = ${c.id}`,
      );
      ids.push(c.id);
    }
    // An instant send is not a campaign.
    const instant = await seedCampaign(t, owner.organizationId, phones(1, 3100));
    await t.db.execute(sql`update campaigns set kind = 'instant' where id = ${instant.id}`);

    const { body } = await dashboard(owner);
    expect(body.recent_campaigns.map((c) => c.id)).toEqual(ids.slice(1).reverse());
    expect(body.recent_campaigns[0]).toMatchObject({ kind: "campaign", recipients: 1, status: "queued" });

    // A plain member sees its own sends only and no organization-wide figures.
    const member = await createTenant(t, { name: "Plain member" });
    await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
    await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/organizations",
      headers: member.headers,
      payload: { organization_id: owner.organizationId },
    });
    const token = await signIn(t, member.email, member.password);
    const asMember = await dashboard({ headers: { authorization: `Bearer ${token}` } });
    expect(asMember.status).toBe(200);
    expect(asMember.body.messages).toBeNull();
    expect(asMember.body.recent_campaigns).toEqual([]);
    const own = await seedCampaign(t, owner.organizationId, phones(1, 3200));
    await t.db.execute(sql`update campaigns set user_id = ${member.userId} where id = ${own.id}`);
    const again = await dashboard({ headers: { authorization: `Bearer ${token}` } });
    expect(again.body.recent_campaigns.map((c) => c.id)).toEqual([own.id]);
  });
});
