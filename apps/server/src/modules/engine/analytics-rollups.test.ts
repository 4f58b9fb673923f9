import { queryRows, schema } from "@sms/db";
import { bangkokDayKey, type TDeliveryAnalytics } from "@sms/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCampaign } from "../../test/messages.ts";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import {
  ANALYTICS_SETTLE_MINUTES,
  forgetAnalyticsOperators,
  rollAnalyticsDays,
} from "./analytics-rollups.ts";
import { applyChanges, type MessageChange } from "./apply-changes.ts";

/**
 * The delivery analytics' rollup of past days (ADR 106): the figures are the same whether a day is
 * counted from its messages or from the rollup; a late status change makes the day stale (read from
 * the messages) until it is counted again; new ranges forget the counted days.
 */
let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
const DAY_MS = 86_400_000;
const yesterday = new Date(Date.now() - DAY_MS);
const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
/** A moment when yesterday has been over for longer than the settle margin. */
const later = () => new Date(Date.now() + (ANALYTICS_SETTLE_MINUTES + 30) * 60_000);

const RANGES = [
  { prefix: "6681", operator: "AIS" },
  { prefix: "66812", operator: "TRUE" },
  { prefix: "6689", operator: "DTAC" },
];

let promo: { id: number; messageIds: number[]; acceptedAt: Date };
let older: { id: number; messageIds: number[]; acceptedAt: Date };

const change = (
  m: { messageIds: number[]; acceptedAt: Date },
  index: number,
  status: "delivered" | "failed",
  state: number,
  code: string,
): MessageChange => ({
  id: m.messageIds[index] as number,
  createdAt: m.acceptedAt,
  status,
  state,
  code,
  submitState: "submitted",
  wireParts: 1,
});

async function analytics(query: string): Promise<TDeliveryAnalytics> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/c/analytics/delivery?${query}`,
    headers: { ...owner.headers, "accept-language": "en" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: TDeliveryAnalytics }).data;
}

const QUERIES = [
  "by=campaign",
  "by=sender",
  "by=operator",
  "by=campaign&operator=TRUE",
  "by=operator&sender=ShopA",
];

async function allAnswers(): Promise<TDeliveryAnalytics[]> {
  return Promise.all(QUERIES.map(analytics));
}

async function countedDays(organizationId: number): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    t.db,
    sql`select day::text as day from message_analytics_days where organization_id = ${organizationId} order by day`,
  );
  return rows.map((row) => row.day);
}

async function staleRows(organizationId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from message_analytics_stale where organization_id = ${organizationId}`,
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Rollup owner" });
  other = await createTenant(t, { name: "Rollup other" });
  await t.db.delete(schema.operatorPrefixes);
  await t.db.insert(schema.operatorPrefixes).values(RANGES);
  promo = await seedCampaign(
    t,
    owner.organizationId,
    ["66811000001", "66811000002", "66812000003", "66812000004", "66891000005", "66061000006"],
    { acceptedAt: yesterday },
  );
  older = await seedCampaign(t, owner.organizationId, ["66812000009", "66899000010"], {
    acceptedAt: twoDaysAgo,
  });
  await t.db.execute(sql`update messages set sender = 'ShopA' where campaign_id = ${promo.id}`);
  await t.db.execute(sql`update messages set sender = 'ShopB' where campaign_id = ${older.id}`);
  await t.db.transaction((tx) =>
    applyChanges(tx, [
      change(promo, 0, "delivered", 3, "000"),
      change(promo, 2, "delivered", 3, "000"),
      change(promo, 1, "failed", 3, "303"),
      change(promo, 3, "failed", 3, "303"),
      change(older, 0, "failed", 1, "005"),
    ]),
  );
  await seedCampaign(t, other.organizationId, ["66811000001"], { acceptedAt: yesterday });
  // The status moves above are of past days: logged stale; nothing is counted yet.
  expect(await staleRows(owner.organizationId)).toBeGreaterThan(0);
  expect(await countedDays(owner.organizationId)).toEqual([]);
  // Today's messages are never counted by the job.
  await seedCampaign(t, owner.organizationId, ["66811000011"]);
});
afterAll(async () => {
  await t?.db.delete(schema.operatorPrefixes);
  await t?.close();
});

describe("the delivery analytics' rollup of past days", () => {
  it("gives the same figures from the rollup as from the messages, for every breakdown and filter", async () => {
    const fromMessages = await allAnswers();
    expect(fromMessages[0]?.totals).toEqual({ messages: 9, delivered: 2, failed: 3 });

    expect(await rollAnalyticsDays(t.db, { now: later() })).toBeGreaterThanOrEqual(3);
    expect(await countedDays(owner.organizationId)).toEqual(
      expect.arrayContaining([bangkokDayKey(twoDaysAgo), bangkokDayKey(yesterday)]),
    );
    expect(await countedDays(owner.organizationId)).not.toContain(
      bangkokDayKey(new Date(Date.now() + DAY_MS)),
    );
    expect(await countedDays(other.organizationId)).toEqual([bangkokDayKey(yesterday)]);
    expect(await staleRows(owner.organizationId)).toBe(0);
    // A second run finds nothing to do.
    expect(await rollAnalyticsDays(t.db, { now: later() })).toBe(0);

    expect(await allAnswers()).toEqual(fromMessages);
    const byOperator = fromMessages[2]?.groups.map((g) => [g.key, g.messages, g.delivered, g.failed]);
    expect(byOperator).toEqual([
      ["AIS", 3, 1, 1],
      ["TRUE", 3, 1, 2],
      ["DTAC", 2, 0, 0],
      ["-", 1, 0, 0],
    ]);
  });

  it("reads the counted days from the rollup, not the messages", async () => {
    await rollAnalyticsDays(t.db, { now: later() });
    const before = await analytics("by=campaign");
    // A change that bypasses the engine's statements (no stale log) is not seen: the day is counted.
    await t.db.execute(
      sql`update messages set status = 'delivered', state = 3, code = '000' where id = ${promo.messageIds[5] ?? 0}`,
    );
    try {
      expect((await analytics("by=campaign")).totals).toEqual(before.totals);
    } finally {
      await t.db.execute(
        sql`update messages set status = 'queued', state = 0, code = null where id = ${promo.messageIds[5] ?? 0}`,
      );
    }
  });

  it("reads a day from its messages once a late receipt changes it, until the day is counted again", async () => {
    await rollAnalyticsDays(t.db, { now: later() });
    const before = await analytics("by=operator");
    // A late receipt for yesterday's message, through the engine's statement.
    await t.db.transaction((tx) => applyChanges(tx, [change(promo, 4, "delivered", 3, "000")]));
    expect(await staleRows(owner.organizationId)).toBe(1);
    const stale = await analytics("by=operator");
    expect(stale.totals).toEqual({ ...before.totals, delivered: before.totals.delivered + 1 });
    expect(stale.groups.find((g) => g.key === "DTAC")).toMatchObject({ messages: 2, delivered: 1 });

    expect(await rollAnalyticsDays(t.db, { now: later() })).toBe(1);
    expect(await staleRows(owner.organizationId)).toBe(0);
    expect(await analytics("by=operator")).toEqual(stale);
  });

  it("forgets the counted days when the operator ranges change, and counts them again with the new ones", async () => {
    await rollAnalyticsDays(t.db, { now: later() });
    expect(await countedDays(owner.organizationId)).not.toEqual([]);
    await t.db.transaction(async (tx) => {
      await tx.delete(schema.operatorPrefixes);
      await tx.insert(schema.operatorPrefixes).values([{ prefix: "668", operator: "ONE" }]);
      expect(await forgetAnalyticsOperators(tx)).toBeGreaterThan(0);
    });
    expect(await countedDays(owner.organizationId)).toEqual([]);
    const fromMessages = await analytics("by=operator");
    expect(fromMessages.groups.map((g) => [g.key, g.messages])).toEqual([
      ["ONE", 8],
      ["-", 1],
    ]);
    await rollAnalyticsDays(t.db, { now: later() });
    expect(await analytics("by=operator")).toEqual(fromMessages);
    await t.db.delete(schema.operatorPrefixes);
    await t.db.insert(schema.operatorPrefixes).values(RANGES);
    await t.db.transaction((tx) => forgetAnalyticsOperators(tx));
  });

  it("waits for an organization's send still being accepted, and for the settle margin after midnight", async () => {
    await t.db.execute(
      sql`delete from message_analytics_days where organization_id = ${other.organizationId}`,
    );
    await t.db.execute(
      sql`update campaigns set accepting = true where id = (select max(id) from campaigns where organization_id = ${other.organizationId})`,
    );
    await rollAnalyticsDays(t.db, { now: later() });
    expect(await countedDays(other.organizationId)).toEqual([]);
    await t.db.execute(
      sql`update campaigns set accepting = false where organization_id = ${other.organizationId}`,
    );
    // Ten minutes after yesterday ended (Bangkok), yesterday is not over by the margin yet.
    const justAfterMidnight = new Date(`${bangkokDayKey(new Date())}T00:10:00+07:00`);
    await rollAnalyticsDays(t.db, { now: justAfterMidnight });
    expect(await countedDays(other.organizationId)).toEqual([]);
    await rollAnalyticsDays(t.db, { now: later() });
    expect(await countedDays(other.organizationId)).toEqual([bangkokDayKey(yesterday)]);
  });
});
