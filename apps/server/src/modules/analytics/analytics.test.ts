import { pgArray, schema } from "@sms/db";
import {
  bangkokDayKey,
  MEMBER_ROLE,
  NUMBER_HISTORY_PAGE_SIZE,
  operatorOf,
  type TDeliveryAnalytics,
  type TMessagesSummary,
  type TNumberHistory,
} from "@sms/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCampaign } from "../../test/messages.ts";
import { errorOf } from "../../test/sends.ts";
import {
  addMember,
  createTenant,
  expectCrossTenant404,
  signIn,
  type TestTenant,
} from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
const DAY_MS = 24 * 60 * 60 * 1000;

// Operator ranges as staff keep them (issue 26): a ported block inside another operator's range is
// a longer prefix. The test's numbers are in 6681…, 6689… and 6606… (no range).
const RANGES = [
  { prefix: "6681", operator: "AIS" },
  { prefix: "66812", operator: "TRUE" },
  { prefix: "6689", operator: "DTAC" },
];

async function get<T>(who: Pick<TestTenant, "headers">, url: string, locale: "th" | "en" = "en") {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...who.headers, "accept-language": locale },
  });
  return { status: res.statusCode, body: res.json() as { data: T }, raw: res };
}

/** Sets the stored outcome of some of a campaign's messages, as receipts leave them. */
async function settle(ids: number[], status: string, state: number, code: string): Promise<void> {
  await t.db.execute(
    sql`update messages set status = ${status}, state = ${state}, code = ${code}, submit_state = 'submitted'
         where id = any(${pgArray(ids)}::bigint[])`,
  );
}

async function setSender(campaignId: number, sender: string): Promise<void> {
  await t.db.execute(sql`update messages set sender = ${sender} where campaign_id = ${campaignId}`);
  await t.db.execute(
    sql`update campaigns set sender_name = ${sender}, name = ${`Promo ${sender}`} where id = ${campaignId}`,
  );
}

let promo: { id: number; messageIds: number[] };
let otp: { id: number; messageIds: number[] };
const yesterday = new Date(Date.now() - DAY_MS);

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Analytics owner" });
  other = await createTenant(t, { name: "Analytics other" });
  await t.db.delete(schema.operatorPrefixes);
  await t.db.insert(schema.operatorPrefixes).values(RANGES);
  // Campaign A yesterday: 6 messages (AIS ×2, TRUE ×2, DTAC, no range); 3 delivered, 2 failed 3/303, 1 sent.
  promo = await seedCampaign(
    t,
    owner.organizationId,
    ["66811000001", "66811000002", "66812000003", "66812000004", "66891000005", "66061000006"],
    { acceptedAt: yesterday },
  );
  await setSender(promo.id, "ShopA");
  const [a1, a2, a3, a4, a5] = promo.messageIds as [number, number, number, number, number, number];
  await settle([a1, a3, a5], "delivered", 3, "000");
  await settle([a2, a4], "failed", 3, "303");
  await settle([promo.messageIds[5] as number], "sent", 1, "000");
  // Campaign B today: 2 messages, one failed 1/005, one delivered.
  otp = await seedCampaign(t, owner.organizationId, ["66811000001", "66899000007"]);
  await setSender(otp.id, "ShopB");
  await settle([otp.messageIds[0] as number], "failed", 1, "005");
  await settle([otp.messageIds[1] as number], "delivered", 3, "000");
  // Another organization's messages to the same numbers: never counted, never listed.
  const foreign = await seedCampaign(t, other.organizationId, ["66811000001", "66812000003"], {
    acceptedAt: yesterday,
  });
  await settle(foreign.messageIds, "failed", 3, "303");
});
afterAll(async () => {
  await t?.db.delete(schema.operatorPrefixes);
  await t?.close();
});

describe("GET /c/analytics/delivery", () => {
  it("counts delivered and failed messages per day and their failure reasons", async () => {
    const res = await get<TDeliveryAnalytics>(owner, "/c/analytics/delivery");
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.totals).toEqual({ messages: 8, delivered: 4, failed: 3 });
    expect(data.days).toHaveLength(30);
    // Failure reasons over time: each day names its most frequent one (none on a day without failures).
    expect(data.days.at(-1)).toEqual({
      day: bangkokDayKey(new Date()),
      messages: 2,
      delivered: 1,
      failed: 1,
      top_reason: { state: 1, code: "005", messages: 1 },
    });
    expect(data.days.find((d) => d.day === bangkokDayKey(yesterday))).toMatchObject({
      messages: 6,
      failed: 2,
      top_reason: { state: 3, code: "303", messages: 2 },
    });
    expect(data.days[0]).toMatchObject({ messages: 0, top_reason: null });
    expect(data.reasons).toEqual([
      { state: 3, code: "303", messages: 2 },
      { state: 1, code: "005", messages: 1 },
    ]);
    expect(data.groups).toEqual([
      {
        key: String(promo.id),
        name: "Promo ShopA",
        messages: 6,
        delivered: 3,
        failed: 2,
        top_reason: { state: 3, code: "303", messages: 2 },
      },
      {
        key: String(otp.id),
        name: "Promo ShopB",
        messages: 2,
        delivered: 1,
        failed: 1,
        top_reason: { state: 1, code: "005", messages: 1 },
      },
    ]);
    expect(data.group_count).toBe(2);
  });

  it("breaks down by sender and by operator (the longest matching range)", async () => {
    const bySender = (await get<TDeliveryAnalytics>(owner, "/c/analytics/delivery?by=sender")).body.data;
    expect(bySender.groups.map((g) => [g.key, g.messages, g.failed])).toEqual([
      ["ShopA", 6, 2],
      ["ShopB", 2, 1],
    ]);
    const byOperator = (await get<TDeliveryAnalytics>(owner, "/c/analytics/delivery?by=operator")).body.data;
    expect(byOperator.groups.map((g) => [g.key, g.messages, g.delivered, g.failed])).toEqual([
      ["AIS", 3, 1, 2],
      ["DTAC", 2, 2, 0],
      ["TRUE", 2, 1, 1],
      ["-", 1, 0, 0],
    ]);
    const onlyTrue = (await get<TDeliveryAnalytics>(owner, "/c/analytics/delivery?by=campaign&operator=TRUE"))
      .body.data;
    expect(onlyTrue.totals).toEqual({ messages: 2, delivered: 1, failed: 1 });
  });

  it("narrows every figure to a campaign or a sender", async () => {
    const one = (await get<TDeliveryAnalytics>(owner, `/c/analytics/delivery?campaign_id=${otp.id}`)).body
      .data;
    expect(one.totals).toEqual({ messages: 2, delivered: 1, failed: 1 });
    const sender = (await get<TDeliveryAnalytics>(owner, "/c/analytics/delivery?sender=ShopA&by=operator"))
      .body.data;
    expect(sender.totals).toEqual({ messages: 6, delivered: 3, failed: 2 });
  });

  it("gives each figure the messages report's count for the same filters (the figure's link)", async () => {
    const start = bangkokDayKey(yesterday);
    const end = bangkokDayKey(new Date());
    const byOperator = (
      await get<TDeliveryAnalytics>(owner, `/c/analytics/delivery?by=operator&start=${start}&end=${end}`)
    ).body.data;
    for (const group of byOperator.groups) {
      const summary = await get<TMessagesSummary>(
        owner,
        `/c/messages/summary?start=${start}&end=${end}&operator=${encodeURIComponent(group.key)}`,
      );
      expect({ operator: group.key, total: summary.body.data.total }).toEqual({
        operator: group.key,
        total: group.messages,
      });
      const failed = await get<TMessagesSummary>(
        owner,
        `/c/messages/summary?start=${start}&end=${end}&operator=${encodeURIComponent(group.key)}&status=failed`,
      );
      expect(failed.body.data.total).toBe(group.failed);
    }
    const reason = await get<TMessagesSummary>(
      owner,
      `/c/messages/summary?start=${start}&end=${end}&reason=3/303`,
    );
    expect(reason.body.data.total).toBe(2);
    const sender = await get<TMessagesSummary>(
      owner,
      `/c/messages/summary?start=${start}&end=${end}&sender=ShopB&status=delivered`,
    );
    expect(sender.body.data.total).toBe(1);
  });

  it("puts a number in the same operator as the router does", () => {
    expect(
      ["66811000001", "66812000003", "66891000005", "66061000006"].map((n) => operatorOf(n, RANGES)),
    ).toEqual(["AIS", "TRUE", "DTAC", null]);
  });

  it("never counts another organization's messages, and another organization's campaign is 404", async () => {
    const theirs = (await get<TDeliveryAnalytics>(other, "/c/analytics/delivery")).body.data;
    expect(theirs.totals).toEqual({ messages: 2, delivered: 0, failed: 2 });
    await expectCrossTenant404(t, other, [
      { method: "GET", url: `/api/v1/c/analytics/delivery?campaign_id=${promo.id}` },
    ]);
  });

  it("shows a member with own-sends reports only its own sends", async () => {
    const member = await createTenant(t, { name: "Plain member" });
    await addMember(t, owner.organizationId, member.userId, MEMBER_ROLE.member);
    await t.app.inject({
      method: "POST",
      url: "/api/v1/c/me/organizations",
      headers: member.headers,
      payload: { organization_id: owner.organizationId },
    });
    const token = await signIn(t, member.email, member.password);
    const mine = await get<TDeliveryAnalytics>(
      { headers: { authorization: `Bearer ${token}` } },
      "/c/analytics/delivery",
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.totals.messages).toBe(0);
    await t.db.execute(sql`update campaigns set user_id = ${member.userId} where id = ${otp.id}`);
    const own = await get<TDeliveryAnalytics>(
      { headers: { authorization: `Bearer ${token}` } },
      "/c/analytics/delivery",
    );
    expect(own.body.data.totals).toEqual({ messages: 2, delivered: 1, failed: 1 });
    await t.db.execute(sql`update campaigns set user_id = null where id = ${otp.id}`);
  });

  it("refuses a bad breakdown, a period over 31 days and an unknown reason with translated errors", async () => {
    const by = await get(owner, "/c/analytics/delivery?by=country", "th");
    expect(by.status).toBe(400);
    expect(errorOf(by.raw).details?.[0]?.message).toBe("by ต้องเป็น campaign, sender หรือ operator");
    const long = await get(owner, "/c/analytics/delivery?start=2026-01-01&end=2026-03-01");
    expect(long.status).toBe(400);
    const reason = await get(owner, "/c/messages?reason=delivered");
    expect(reason.status).toBe(400);
    expect(errorOf(reason.raw).details?.[0]?.message).toBe(
      "reason must be a delivery result such as 3/303 (state/code).",
    );
  });
});

describe("GET /c/analytics/number-history", () => {
  let old: { id: number; messageIds: number[] };

  beforeAll(async () => {
    // Eight months ago, in a partition of its own (or the default one): found by walking back the windows.
    old = await seedCampaign(t, owner.organizationId, ["66811000001"], {
      acceptedAt: new Date(Date.now() - 240 * DAY_MS),
    });
  });

  it("finds a number's messages across months, newest first, in any typed form", async () => {
    const first = await get<TNumberHistory>(owner, "/c/analytics/number-history?phone=081-100-0001");
    expect(first.status).toBe(200);
    expect(first.body.data.phone).toBe("66811000001");
    expect(first.body.data.entities.map((m) => m.campaign_id)).toEqual([otp.id, promo.id]);
    expect(first.body.data.entities[0]?.code).toBe("005");
    // Walk the windows back until the history's start: the old message comes, nothing else, then the end.
    const found: number[] = [];
    let next = first.body.data.next;
    let pages = 0;
    while (next) {
      const page = await get<TNumberHistory>(
        owner,
        `/c/analytics/number-history?phone=66811000001&before=${encodeURIComponent(next)}`,
      );
      expect(page.status).toBe(200);
      found.push(...page.body.data.entities.map((m) => m.campaign_id));
      next = page.body.data.next;
      pages += 1;
    }
    expect(found).toEqual([old.id]);
    // Two years in windows of 92 days: a bounded number of pages.
    expect(pages).toBeGreaterThanOrEqual(7);
    expect(pages).toBeLessThanOrEqual(9);
  });

  it("pages a long history by keyset without repeating or skipping a message", async () => {
    const many = await seedCampaign(
      t,
      owner.organizationId,
      Array.from({ length: NUMBER_HISTORY_PAGE_SIZE + 5 }, () => "66899123456"),
    );
    const first = (await get<TNumberHistory>(owner, "/c/analytics/number-history?phone=0899123456")).body
      .data;
    expect(first.entities).toHaveLength(NUMBER_HISTORY_PAGE_SIZE);
    expect(first.next).not.toBeNull();
    const second = (
      await get<TNumberHistory>(
        owner,
        `/c/analytics/number-history?phone=0899123456&before=${encodeURIComponent(first.next ?? "")}`,
      )
    ).body.data;
    const ids = [...first.entities, ...second.entities].map((m) => m.id);
    expect(new Set(ids).size).toBe(NUMBER_HISTORY_PAGE_SIZE + 5);
    expect(ids.sort((a, b) => a - b)).toEqual([...many.messageIds].sort((a, b) => a - b));
  });

  it("never shows another organization's messages to the number", async () => {
    const theirs = (await get<TNumberHistory>(other, "/c/analytics/number-history?phone=0811000001")).body
      .data;
    expect(theirs.entities).toHaveLength(1);
    expect(theirs.entities[0]?.status).toBe("failed");
    const ownIds = new Set([...promo.messageIds, ...otp.messageIds]);
    expect(theirs.entities.some((m) => ownIds.has(m.id))).toBe(false);
  });

  it("refuses a missing or invalid number and a broken page link, in Thai and English", async () => {
    const none = await get(owner, "/c/analytics/number-history", "th");
    expect(none.status).toBe(400);
    expect(errorOf(none.raw).details?.[0]?.message).toBe("กรุณากรอกหมายเลขโทรศัพท์ที่ต้องการค้นหา");
    const bad = await get(owner, "/c/analytics/number-history?phone=12345");
    expect(bad.status).toBe(400);
    const cursor = await get(owner, "/c/analytics/number-history?phone=0811000001&before=yesterday");
    expect(cursor.status).toBe(400);
    expect(errorOf(cursor.raw).details?.[0]?.message).toBe(
      "This page link is no longer valid. Please search for the number again.",
    );
  });
});
