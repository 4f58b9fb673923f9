import { schema } from "@sms/db";
import { formatDate, MEMBER_ROLE, REFUND_STATUSES, type TRefundState } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../i18n/index.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { errorOf, type SendTenant, sendFixtures } from "../../test/sends.ts";
import { addMember, createTenant, expectCrossTenant404, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { requestNow } from "./clock.ts";
import { getRefundState, type RefundClaim, refundCampaign } from "./index.ts";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;

type Kind = (typeof schema.SEND_KINDS)[number];
type Status = (typeof schema.MESSAGE_STATUSES)[number];

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let owner: SendTenant;
let other: SendTenant;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  owner = await f.freshTenant(1_000);
  other = await f.freshTenant(1_000);
});
afterAll(() => t?.close());

interface SeedOptions {
  kind?: Kind;
  name?: string;
  /** When the last chunk left; null: never fully sent (the window counts from acceptance). */
  sentAt?: Date | null;
  acceptedAt?: Date;
  statuses?: Status[];
  /** Credits of each message. */
  credits?: number;
  userId?: number;
}

interface SeededSend {
  id: number;
  messageIds: number[];
  /** When the window counts from. */
  base: Date;
}

let seeded = 0;

/**
 * A send as the engine leaves it: the campaign row and its messages with the given final statuses
 * (created_at = accepted_at). The charge is not replayed: only the refund's own credit is under test.
 */
async function seedSend(tenant: TestTenant, options: SeedOptions = {}): Promise<SeededSend> {
  seeded += 1;
  const kind = options.kind ?? "campaign";
  const statuses = options.statuses ?? ["failed", "failed", "delivered"];
  const credits = options.credits ?? 2;
  const acceptedAt = options.acceptedAt ?? new Date(Date.now() - 2 * DAY);
  const sentAt =
    options.sentAt === undefined ? new Date(acceptedAt.getTime() + 5 * 60 * SECOND) : options.sentAt;
  const [row] = await t.db
    .insert(schema.campaigns)
    .values({
      organizationId: tenant.organizationId,
      userId: options.userId ?? tenant.userId,
      kind,
      purpose: "general",
      name: options.name ?? `Send ${seeded}`,
      senderName: "SMSPortal",
      text: "Hello",
      recipients: statuses.length,
      credits: statuses.length * credits,
      chunkSize: 1000,
      status: sentAt ? "sent" : "sending",
      acceptedAt,
      sentAt,
    })
    .returning({ id: schema.campaigns.id });
  if (!row) throw new Error("no campaign");
  const type = kind === "file" ? "campaign" : kind;
  const messages = await t.db
    .insert(schema.messages)
    .values(
      statuses.map((status, i) => ({
        createdAt: acceptedAt,
        organizationId: tenant.organizationId,
        campaignId: row.id,
        seq: i + 1,
        type,
        sender: "SMSPortal",
        recipient: `6681${String(seeded).padStart(4, "0")}${String(i).padStart(3, "0")}`,
        billedParts: credits,
        credits,
        status,
      })),
    )
    .returning({ id: schema.messages.id });
  return { id: row.id, messageIds: messages.map((m) => m.id), base: sentAt ?? acceptedAt };
}

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

function call(
  caller: Pick<TestTenant, "headers">,
  method: "GET" | "POST",
  url: string,
  options: { now?: Date; locale?: string } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...caller.headers,
      "accept-language": options.locale ?? "en",
      ...(options.now ? { "x-test-now": options.now.toISOString() } : {}),
    },
  });
}

const claimOf = (tenant: TestTenant, now: Date): RefundClaim => ({
  viewer: { scope: new TenantScope(t.db, tenant.organizationId), ownUserId: null, userId: tenant.userId },
  now,
  locale: "en",
});

async function refundEntries(campaignId: number) {
  return t.db
    .select()
    .from(schema.creditEntries)
    .where(
      and(
        eq(schema.creditEntries.type, "refunded"),
        eq(schema.creditEntries.reference, `campaign:${campaignId}`),
      ),
    );
}

describe("POST /c/campaigns/{id}/refund", () => {
  it("refunds the credits of the failed messages only, with a ledger entry, in the new balance", async () => {
    const send = await seedSend(owner, {
      statuses: ["failed", "delivered", "failed", "sent", "queued", "failed"],
      credits: 3,
    });
    const before = await f.balance(owner);
    const now = at(send.base, 2 * DAY);
    const res = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      campaign_id: send.id,
      message_id: null,
      refunded_credits: 9,
      refunded_at: now.toISOString(),
      balance: before + 9,
    });
    expect(await f.balance(owner)).toBe(before + 9);
    const entries = await refundEntries(send.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      organizationId: owner.organizationId,
      credits: 9,
      balanceAfter: before + 9,
      userId: owner.userId,
      reason: "ledger.refund",
      idempotencyKey: `refund:campaign:${send.id}`,
    });
    expect(entries[0]?.memberId).not.toBeNull();
    const [row] = await t.db.select().from(schema.campaigns).where(eq(schema.campaigns.id, send.id));
    expect(row?.refundedCredits).toBe(9);
    expect(row?.refundedAt?.toISOString()).toBe(now.toISOString());
  });

  it("refunds once: a second claim is 409 and says when and how much", async () => {
    const send = await seedSend(owner, { statuses: ["failed"], credits: 5 });
    const now = at(send.base, 3 * DAY);
    expect((await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now })).statusCode).toBe(200);
    const before = await f.balance(owner);
    const again = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now: at(now, HOUR) });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: "CONFLICT" });
    const refundedAt = formatDate(now, "en", "DD MMM YYYY HH:mm:ss");
    expect(errorOf(again).message).toBe(
      translate("refunds.already_refunded", "en", { credits: 5, at: refundedAt }),
    );
    expect(await f.balance(owner)).toBe(before);
    expect(await refundEntries(send.id)).toHaveLength(1);
  });

  it("refunds once when claims race", async () => {
    const send = await seedSend(owner, { statuses: ["failed", "failed"], credits: 4 });
    const before = await f.balance(owner);
    const now = at(send.base, 2 * DAY);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(await f.balance(owner)).toBe(before + 8);
    expect(await refundEntries(send.id)).toHaveLength(1);
  });

  it("answers 422 when no message failed, and refunds nothing", async () => {
    const send = await seedSend(owner, { statuses: ["delivered", "sent"] });
    const before = await f.balance(owner);
    const res = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now: at(send.base, 2 * DAY) });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toEqual({
      code: "UNPROCESSABLE",
      message: translate("refunds.nothing_to_refund", "en"),
    });
    expect(await f.balance(owner)).toBe(before);
    const [row] = await t.db.select().from(schema.campaigns).where(eq(schema.campaigns.id, send.id));
    expect(row?.refundedAt).toBeNull();
  });

  it("waits while a message is still checking status, so its credits are not forfeited (review I4, ADR 55)", async () => {
    const send = await seedSend(owner, { statuses: ["failed", "pending", "pending"], credits: 2 });
    const before = await f.balance(owner);
    const now = at(send.base, DAY + HOUR);
    for (const locale of ["en", "th"]) {
      const res = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now, locale });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        code: "CONFLICT",
        message: translate("refunds.still_checking", locale as "en" | "th", { count: 2 }),
      });
    }
    const waiting = (await call(owner, "GET", `/c/campaigns/${send.id}/refund`, { now })).json()
      .data as TRefundState;
    expect(waiting).toMatchObject({
      status: "open",
      failed_credits: 2,
      checking_messages: 2,
      refundable_credits: 0,
    });
    const listed = await call(owner, "GET", "/c/credit-refunds?size=100", { now });
    expect(
      listed.json().data.entities.find((row: TRefundState) => row.campaign_id === send.id),
    ).toMatchObject({ checking_messages: 2, refundable_credits: 0 });
    expect(await f.balance(owner)).toBe(before);
    // At 24 hours the engine settles them (ADR 16): one delivered after all, one failed.
    const [, delivered, failed] = send.messageIds as [number, number, number];
    await t.db.update(schema.messages).set({ status: "delivered" }).where(eq(schema.messages.id, delivered));
    await t.db.update(schema.messages).set({ status: "failed" }).where(eq(schema.messages.id, failed));
    const res = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now: at(now, HOUR) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refunded_credits).toBe(4);
    expect(await f.balance(owner)).toBe(before + 4);
  });

  it("another organization's campaign is 404 and is not refunded", async () => {
    const send = await seedSend(other);
    await expectCrossTenant404(t, owner, [
      { method: "POST", url: `/api/v1/c/campaigns/${send.id}/refund` },
      { method: "GET", url: `/api/v1/c/campaigns/${send.id}/refund` },
      { method: "POST", url: `/api/v1/c/messages/${send.messageIds[0]}/refund` },
    ]);
    expect(await refundEntries(send.id)).toHaveLength(0);
  });

  it("an unknown id is 404", async () => {
    const res = await call(owner, "POST", "/c/campaigns/2147483000/refund");
    expect(res.statusCode).toBe(404);
  });

  it("a member with own reports only may not claim another member's send (404), but may claim its own", async () => {
    const tenant = await f.freshTenant(100);
    const member = await createTenant(t, { name: "Member" });
    await addMember(t, tenant.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: tenant.organizationId })
      .where(eq(schema.users.id, member.userId));
    const theirs = await seedSend(tenant);
    const mine = await seedSend(tenant, { userId: member.userId, statuses: ["failed"], credits: 1 });
    const now = at(theirs.base, 2 * DAY);
    expect((await call(member, "POST", `/c/campaigns/${theirs.id}/refund`, { now })).statusCode).toBe(404);
    const res = await call(member, "POST", `/c/campaigns/${mine.id}/refund`, { now: at(mine.base, 2 * DAY) });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await refundEntries(mine.id);
    expect(entry?.userId).toBe(member.userId);
  });
});

describe("a suspended organization", () => {
  it("may still claim a refund (it is owed), while sending stays refused", async () => {
    const tenant = await f.freshTenant(100);
    const send = await seedSend(tenant, { statuses: ["failed"], credits: 1 });
    await t.db
      .update(schema.organizations)
      .set({
        suspendedAt: new Date(),
        suspendedUntil: new Date(Date.now() + 3 * DAY),
        suspensionReason: "spam",
      })
      .where(eq(schema.organizations.id, tenant.organizationId));
    const now = at(send.base, 2 * DAY);
    const refund = await call(tenant, "POST", `/c/campaigns/${send.id}/refund`, { now });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await refundEntries(send.id)).toHaveLength(1);
    const sending = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/messages",
      headers: tenant.headers,
      payload: { sender: "SMSPortal", purpose: "general", recipient: "0812345678", message: "Hi" },
    });
    expect(sending.statusCode, sending.body).toBe(403);
  });
});

describe("the refund window (injected clock)", () => {
  it.each([
    ["23:59:59 after sending", DAY - SECOND, "too_early"],
    ["exactly 24 h after", DAY, "open"],
    ["30 days minus 1 s after", 30 * DAY - SECOND, "open"],
    ["exactly 30 days after", 30 * DAY, "open"],
    ["30 days and 1 s after", 30 * DAY + SECOND, "expired"],
  ] as const)("%s is %s", async (_, elapsed, expected) => {
    const send = await seedSend(owner, { statuses: ["failed"], credits: 2 });
    const now = at(send.base, elapsed);
    const state = await getRefundState(claimOf(owner, now).viewer, send.id, now);
    expect(state.status).toBe(expected);
    expect(state.refundable_credits).toBe(expected === "open" ? 2 : 0);
    if (expected === "open") {
      await expect(refundCampaign(claimOf(owner, now), send.id)).resolves.toMatchObject({
        refunded_credits: 2,
      });
    } else {
      await expect(refundCampaign(claimOf(owner, now), send.id)).rejects.toMatchObject({
        code: "CONFLICT",
        messageKey: expected === "too_early" ? "refunds.too_early" : "refunds.window_closed",
      });
      expect(await refundEntries(send.id)).toHaveLength(0);
    }
  });

  it("too early says when it opens (Buddhist era in Thai); after 30 days says it closed", async () => {
    const sentAt = new Date("2026-11-20T03:00:00Z");
    const send = await seedSend(owner, { acceptedAt: new Date("2026-11-20T02:00:00Z"), sentAt });
    const early = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now: at(sentAt, HOUR) });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(
      translate("refunds.too_early", "en", { opens: "21 Nov 2026 10:00:00" }),
    );
    const thai = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, {
      now: at(sentAt, HOUR),
      locale: "th",
    });
    expect(errorOf(thai).message).toBe(
      translate("refunds.too_early", "th", { opens: "21 พ.ย. 2569 10:00:00" }),
    );
    const late = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now: at(sentAt, 31 * DAY) });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(
      translate("refunds.window_closed", "en", { closed: "20 Dec 2026 10:00:00" }),
    );
  });

  it("counts from acceptance when the send never fully went out", async () => {
    const acceptedAt = new Date(Date.now() - 3 * DAY);
    const send = await seedSend(owner, { acceptedAt, sentAt: null, statuses: ["failed", "queued"] });
    const state = await call(owner, "GET", `/c/campaigns/${send.id}/refund`, { now: at(acceptedAt, DAY) });
    expect(state.json().data).toMatchObject({ status: "open", sent_at: acceptedAt.toISOString() });
    const res = await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now: at(acceptedAt, DAY) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refunded_credits).toBe(2);
  });

  it("an X-Test-Now that is not a date is 400; production ignores the header", async () => {
    const send = await seedSend(owner);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/c/campaigns/${send.id}/refund`,
      headers: { ...owner.headers, "accept-language": "en", "x-test-now": "tomorrow" },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(translate("refunds.test_now_invalid", "en"));
    const request = (env: string) =>
      ({ headers: { "x-test-now": "2020-01-01T00:00:00Z" }, server: { config: { env } } }) as never;
    expect(requestNow(request("test")).toISOString()).toBe("2020-01-01T00:00:00.000Z");
    expect(Math.abs(requestNow(request("production")).getTime() - Date.now())).toBeLessThan(5_000);
  });
});

describe("POST /c/messages/{id}/refund", () => {
  it.each(["instant", "api"] as const)("refunds a failed %s message as its own send", async (kind) => {
    const send = await seedSend(owner, { kind, statuses: ["failed"], credits: 2 });
    const before = await f.balance(owner);
    const res = await call(owner, "POST", `/c/messages/${send.messageIds[0]}/refund`, {
      now: at(send.base, 2 * DAY),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      campaign_id: send.id,
      message_id: send.messageIds[0],
      refunded_credits: 2,
      balance: before + 2,
    });
    const again = await call(owner, "POST", `/c/messages/${send.messageIds[0]}/refund`, {
      now: at(send.base, 2 * DAY),
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toMatch(/already refunded/);
  });

  it("applies the same window and the failed-only rule", async () => {
    const early = await seedSend(owner, { kind: "instant", statuses: ["failed"] });
    const tooEarly = await call(owner, "POST", `/c/messages/${early.messageIds[0]}/refund`, {
      now: at(early.base, DAY - SECOND),
    });
    expect(tooEarly.statusCode).toBe(409);
    expect(errorOf(tooEarly).message).toMatch(/too early/);
    const delivered = await seedSend(owner, { kind: "instant", statuses: ["delivered"] });
    const nothing = await call(owner, "POST", `/c/messages/${delivered.messageIds[0]}/refund`, {
      now: at(delivered.base, 2 * DAY),
    });
    expect(nothing.statusCode).toBe(422);
  });

  it.each(["campaign", "file"] as const)(
    "a message of a %s answers 409: refund the campaign",
    async (kind) => {
      const send = await seedSend(owner, { kind, name: `Big ${kind}`, statuses: ["failed", "failed"] });
      const res = await call(owner, "POST", `/c/messages/${send.messageIds[0]}/refund`, {
        now: at(send.base, 2 * DAY),
      });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toEqual({
        code: "CONFLICT",
        message: translate("refunds.message_in_campaign", "en", { campaign: `Big ${kind}`, id: send.id }),
      });
      expect(await refundEntries(send.id)).toHaveLength(0);
    },
  );

  it("an unknown message is 404", async () => {
    expect((await call(owner, "POST", "/c/messages/2147483000/refund")).statusCode).toBe(404);
  });
});

describe("GET /c/campaigns/{id}/refund", () => {
  it("shows the failed credits, the window and 0 refundable until it opens; the amount grows as reports come", async () => {
    const send = await seedSend(owner, { statuses: ["failed", "sent"], credits: 3 });
    const early = (
      await call(owner, "GET", `/c/campaigns/${send.id}/refund`, { now: at(send.base, HOUR) })
    ).json().data as TRefundState;
    expect(early).toMatchObject({
      campaign_id: send.id,
      kind: "campaign",
      credits: 6,
      failed_credits: 3,
      refundable_credits: 0,
      status: "too_early",
      sent_at: send.base.toISOString(),
      opens_at: at(send.base, DAY).toISOString(),
      closes_at: at(send.base, 30 * DAY).toISOString(),
      refunded_credits: 0,
      refunded_at: null,
    });
    // The network's late report: the second message fails after the window opened.
    await t.db
      .update(schema.messages)
      .set({ status: "failed" })
      .where(eq(schema.messages.id, send.messageIds[1] as number));
    const open = (
      await call(owner, "GET", `/c/campaigns/${send.id}/refund`, { now: at(send.base, 2 * DAY) })
    ).json().data as TRefundState;
    expect(open).toMatchObject({ status: "open", failed_credits: 6, refundable_credits: 6 });
    await call(owner, "POST", `/c/campaigns/${send.id}/refund`, { now: at(send.base, 2 * DAY) });
    const done = (
      await call(owner, "GET", `/c/campaigns/${send.id}/refund`, { now: at(send.base, 2 * DAY) })
    ).json().data as TRefundState;
    expect(done).toMatchObject({ status: "refunded", refundable_credits: 0, refunded_credits: 6 });
    const closed = (
      await call(owner, "GET", `/c/campaigns/${send.id}/refund`, { now: at(send.base, 40 * DAY) })
    ).json().data as TRefundState;
    expect(closed.status).toBe("refunded");
  });

  it("is 0 after 30 days", async () => {
    const send = await seedSend(owner, { statuses: ["failed"] });
    const res = await call(owner, "GET", `/c/campaigns/${send.id}/refund`, { now: at(send.base, 31 * DAY) });
    expect(res.json().data).toMatchObject({ status: "expired", failed_credits: 2, refundable_credits: 0 });
  });
});

describe("GET /c/credit-refunds", () => {
  it("lists refunded sends and sends still in their window, newest first, paginated", async () => {
    const tenant = await f.freshTenant(100);
    const now = new Date();
    const old = await seedSend(tenant, { name: "Old", acceptedAt: at(now, -40 * DAY), statuses: ["failed"] });
    const oldRefunded = await seedSend(tenant, { name: "Old refunded", acceptedAt: at(now, -35 * DAY) });
    await refundCampaign(claimOf(tenant, at(oldRefunded.base, 2 * DAY)), oldRefunded.id);
    const open = await seedSend(tenant, { name: "Open", acceptedAt: at(now, -3 * DAY), credits: 1 });
    const fresh = await seedSend(tenant, { name: "Fresh", acceptedAt: at(now, -HOUR), statuses: ["failed"] });

    const res = await call(tenant, "GET", "/c/credit-refunds?size=2", { now });
    expect(res.statusCode, res.body).toBe(200);
    const page1 = res.json().data;
    expect(page1.page_information).toMatchObject({ page: 1, size: 2, total_item: 3 });
    const page2 = (await call(tenant, "GET", "/c/credit-refunds?size=2&page=2", { now })).json().data;
    const rows = [...page1.entities, ...page2.entities] as TRefundState[];
    // Seeded in this order, so created_at orders them as well.
    expect(rows.map((r) => r.name)).toEqual(["Fresh", "Open", "Old refunded"]);
    expect(rows.map((r) => r.status)).toEqual(["too_early", "open", "refunded"]);
    expect(rows.map((r) => r.refundable_credits)).toEqual([0, 2, 0]);
    expect(rows[2]).toMatchObject({ refunded_credits: 4, refunded_at: expect.any(String) });
    expect(rows.map((r) => r.campaign_id)).not.toContain(old.id);
    expect(rows.map((r) => r.campaign_id)).toEqual([fresh.id, open.id, oldRefunded.id]);
    expect(REFUND_STATUSES).toContain(rows[0]?.status);
  });

  it("shows a member with own reports only its own sends; never another organization's", async () => {
    const tenant = await f.freshTenant(100);
    const member = await createTenant(t, { name: "Member 2" });
    await addMember(t, tenant.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: tenant.organizationId })
      .where(eq(schema.users.id, member.userId));
    await seedSend(tenant, { name: "Owner's" });
    await seedSend(tenant, { name: "Member's", userId: member.userId });
    await seedSend(other, { name: "Elsewhere" });
    const forMember = (await call(member, "GET", "/c/credit-refunds")).json().data.entities as TRefundState[];
    expect(forMember.map((r) => r.name)).toEqual(["Member's"]);
    const forOwner = (await call(tenant, "GET", "/c/credit-refunds")).json().data.entities as TRefundState[];
    expect(forOwner.map((r) => r.name)).toEqual(["Member's", "Owner's"]);
  });
});
