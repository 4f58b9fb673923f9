import { Readable } from "node:stream";
import { schema } from "@sms/db";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { errorOf, type SendTenant, sendFixtures } from "../../test/sends.ts";
import { stagesOf } from "../../test/spans.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { getCampaignSummary, tallyMessages } from "../campaigns/index.ts";
import { recipientPart } from "../links/index.ts";
import { acceptFileCampaign, type FileCampaignInput } from "./accept-file-campaign.ts";
import { acceptCampaign, type CampaignInput } from "./create-campaign.ts";
import { discardAcceptance, STALLED_ACCEPTANCE_MS, sweepStalledAcceptances } from "./discard-acceptance.ts";
import type { SendDeps } from "./resolve-send.ts";

// ADR 53: a file campaign above ACCEPT_SLICE_ROWS is written in slices, each its own statement,
// then charged and published by one short transaction. These tests run the same sends through the
// one-transaction path and through slices of 2, and compare what was stored.

const ORIGIN = "https://sms.example.test";

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: ORIGIN, ENGINE_CHUNK_SIZE: "2" } });
  f = sendFixtures(t);
});
afterAll(async () => {
  await t?.close();
});

const depsOf = (acceptSliceRows: number): SendDeps => ({
  db: t.db,
  dbHandle: t.dbHandle,
  jobs: t.jobs,
  chunkSize: 2,
  linkOrigin: ORIGIN,
  acceptSliceRows,
});

const csv = (lines: string[]) => ({
  type: "csv" as const,
  name: "list.csv",
  open: async () => Readable.from([Buffer.from(lines.join("\n"))]),
});

const send = (
  tenant: SendTenant,
  acceptSliceRows: number,
  input: Partial<FileCampaignInput>,
  lines: string[],
) =>
  acceptFileCampaign(
    depsOf(acceptSliceRows),
    { organizationId: tenant.organizationId, userId: tenant.userId },
    // Without the opt-out footer, whose random code differs per send: the sends are compared text for text.
    {
      sender: tenant.sender,
      purpose: "marketing",
      message: "Sale {first_name}",
      optOutLink: false,
      ...input,
    },
    csv(lines),
  );

const FILE = [
  "phone,first_name",
  "0819000001,Ann",
  "0819000002,Ben",
  "0819000003,Cat",
  "12345,Bad",
  "0819000004,Dan",
  "0819000005,Eve",
  "0819000001,Again",
  "0819000006,ฟ้า",
  "0819000007,Gus",
];

async function stored(campaignId: number) {
  return (await f.messagesOf(campaignId)).map((m) => ({
    seq: m.seq,
    recipient: m.recipient,
    text: m.text,
    billedParts: m.billedParts,
    credits: m.credits,
  }));
}

async function accepting(tenant: SendTenant) {
  return t.db
    .select({ id: schema.campaigns.id })
    .from(schema.campaigns)
    .where(
      and(eq(schema.campaigns.organizationId, tenant.organizationId), eq(schema.campaigns.accepting, true)),
    );
}

describe("a file campaign accepted in slices (ADR 53)", () => {
  it("stores, numbers, charges and queues exactly what one transaction does", async () => {
    const whole = await f.freshTenant(100);
    const sliced = await f.freshTenant(100);
    for (const tenant of [whole, sliced]) {
      await f.suppress(tenant, "66819000003");
      await f.suppress(tenant, "66819000006");
    }
    const a = await send(whole, 5_000, { name: "Promo" }, FILE);
    const b = await send(sliced, 2, { name: "Promo" }, FILE);
    // 7 valid and unique, 2 suppressed: 5 messages numbered 1..5 across slices of 2 staged rows.
    expect(await stored(b.campaign.id)).toEqual(await stored(a.campaign.id));
    expect((await stored(b.campaign.id)).map((m) => [m.seq, m.recipient])).toEqual([
      [1, "66819000001"],
      [2, "66819000002"],
      [3, "66819000004"],
      [4, "66819000005"],
      [5, "66819000007"],
    ]);
    const fields = (c: typeof a.campaign) => ({
      recipients: c.recipients,
      credits: c.credits,
      invalidCount: c.invalidCount,
      duplicateCount: c.duplicateCount,
      suppressedCount: c.suppressedCount,
      accepting: c.accepting,
      status: c.status,
    });
    expect(fields(b.campaign)).toEqual(fields(a.campaign));
    expect(fields(b.campaign)).toMatchObject({
      recipients: 5,
      credits: 5,
      suppressedCount: 2,
      accepting: false,
    });
    expect(await f.balance(sliced)).toBe(95);
    expect(await f.chunkJobsOf(b.campaign.id)).toEqual(
      (await f.chunkJobsOf(a.campaign.id)).map((job) => ({ ...job })),
    );
    expect(await f.queuedRollup(sliced, "campaign")).toEqual({ messages: 5, credits: 5 });
    // The staging rows went with their slices.
    expect((await f.footprint(sliced)).staging).toBe(0);
  });

  it("gives each recipient its own opt-out link across slices, priced with it", async () => {
    const tenant = await f.freshTenant(100);
    const res = await send(tenant, 2, { optOutLink: true }, FILE);
    const [link] = await t.db
      .select()
      .from(schema.optOutLinks)
      .where(eq(schema.optOutLinks.campaignId, res.campaign.id));
    if (!link) throw new Error("no opt-out link");
    const names = ["Ann", "Ben", "Cat", "Dan", "Eve", "ฟ้า", "Gus"];
    const messages = await stored(res.campaign.id);
    expect(messages.map((m) => m.text)).toEqual(
      names.map(
        (name, i) => `Sale ${name}\nOpt out: ${ORIGIN}/u/${link.code}${recipientPart(link.tokenKey, i + 1)}`,
      ),
    );
    // One Thai name makes its text unicode; with the footer it still fits one part of 70.
    expect(messages.map((m) => m.billedParts)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(res.campaign).toMatchObject({ recipients: 7, credits: 7 });
  });

  it("gives each recipient its own tracked link across slices", async () => {
    const tenant = await f.freshTenant(100);
    const res = await send(
      tenant,
      2,
      {
        name: "Links",
        purpose: "general",
        message: "Hi {first_name} https://example.com/x",
        trackLinks: true,
      },
      FILE,
    );
    const [link] = await t.db
      .select()
      .from(schema.trackedLinks)
      .where(eq(schema.trackedLinks.campaignId, res.campaign.id));
    if (!link) throw new Error("no tracked link");
    const names = ["Ann", "Ben", "Cat", "Dan", "Eve", "ฟ้า", "Gus"];
    expect((await stored(res.campaign.id)).map((m) => m.text)).toEqual(
      names.map(
        (name, i) => `Hi ${name} ${ORIGIN}/l/${link.code}${recipientPart(link.tokenKey ?? "", i + 1)}`,
      ),
    );
  });

  it("leaves nothing behind when the balance is too low, and names the credits needed", async () => {
    const tenant = await f.freshTenant(3);
    const before = await f.footprint(tenant);
    const error = await send(tenant, 2, {}, FILE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      params: { needed: 7, balance: 3 },
    });
    expect(await f.footprint(tenant)).toEqual(before);
    expect(before).toMatchObject({ campaigns: 0, messages: 0, staging: 0, balance: 3 });
  });

  it("refuses a text left empty by personalisation, and removes what it wrote", async () => {
    const tenant = await f.freshTenant(100);
    const before = await f.footprint(tenant);
    const lines = ["phone,first_name", "0819100001,Ann", "0819100002,", "0819100003,Cat"];
    const error = await send(tenant, 1, { message: "{first_name}", purpose: "general" }, lines).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: "UNPROCESSABLE", messageKey: "campaigns.empty_after_personalising" });
    expect(await f.footprint(tenant)).toEqual(before);
  });

  it("answers a retry with the same Idempotency-Key: 409 while the first is being accepted, the send after", async () => {
    const tenant = await f.freshTenant(100);
    const first = await send(tenant, 2, { idempotencyKey: "k-1" }, FILE);
    const id = first.campaign.id;
    // Held accepting, as it is while its slices are written (or after a crash, until swept).
    await t.db.update(schema.campaigns).set({ accepting: true }).where(eq(schema.campaigns.id, id));
    const conflict = await send(tenant, 2, { idempotencyKey: "k-1" }, FILE).catch((e: unknown) => e);
    expect(conflict).toMatchObject({ code: "CONFLICT", messageKey: "campaigns.still_accepting" });
    await t.db.update(schema.campaigns).set({ accepting: false }).where(eq(schema.campaigns.id, id));
    const replay = await send(tenant, 2, { idempotencyKey: "k-1" }, FILE);
    expect(replay).toMatchObject({ replayed: true, campaign: { id } });
    expect(await f.balance(tenant)).toBe(93);
    expect(await accepting(tenant)).toEqual([]);
  });
});

describe("a group campaign accepted in slices (ADR 53)", () => {
  /** Two overlapping groups (ids in this order) and typed numbers, two of them already in the groups. */
  async function audience(tenant: SendTenant) {
    const a = await f.group(tenant, [
      { phone: "66819200001", first: "Ann" },
      { phone: "66819200002", first: "Ben" },
      { phone: "66819200003", first: "Cat" },
    ]);
    const b = await f.group(tenant, [
      { phone: "66819200002", first: "Benny" },
      { phone: "66819200004", first: "Dan" },
      { phone: "66819200005", first: "Eve" },
    ]);
    await f.suppress(tenant, "66819200003");
    return { groupIds: [a, b], manualContacts: "0819200005, 0819200006\n0819200001" };
  }

  const sendTo = async (tenant: SendTenant, acceptSliceRows: number, input: Partial<CampaignInput> = {}) =>
    acceptCampaign(
      depsOf(acceptSliceRows),
      { organizationId: tenant.organizationId, userId: tenant.userId },
      {
        name: "Groups",
        sender: tenant.sender,
        purpose: "marketing",
        message: "Sale {first_name}",
        optOutLink: false,
        ...(await audience(tenant)),
        ...input,
      },
    );

  it("writes one statement per slice and stores, numbers, charges and queues exactly what one transaction does", async () => {
    const whole = await f.freshTenant(100);
    const sliced = await f.freshTenant(100);
    const { result: a, stages: wholeStages } = await stagesOf(() => sendTo(whole, 5_000));
    const { result: b, stages: slicedStages } = await stagesOf(() => sendTo(sliced, 2));
    // Six contacts in slices of two (the last one empty), then the typed numbers.
    expect(slicedStages.filter((stage) => stage === "slice")).toHaveLength(5);
    expect(wholeStages).toEqual(["checked", "stored", "charged", "queued", "committed"]);
    expect(await stored(b.campaign.id)).toEqual(await stored(a.campaign.id));
    // Contacts by id (a number in two groups keeps its first contact's name), then the typed
    // number no group has; the suppressed number left out and the seqs without a gap.
    expect((await stored(b.campaign.id)).map((m) => [m.seq, m.recipient, m.text])).toEqual([
      [1, "66819200001", "Sale Ann"],
      [2, "66819200002", "Sale Ben"],
      [3, "66819200004", "Sale Dan"],
      [4, "66819200005", "Sale Eve"],
      [5, "66819200006", "Sale "],
    ]);
    const fields = (c: typeof a.campaign) => ({
      recipients: c.recipients,
      credits: c.credits,
      invalidCount: c.invalidCount,
      duplicateCount: c.duplicateCount,
      suppressedCount: c.suppressedCount,
      manualContacts: c.manualContacts,
      accepting: c.accepting,
      status: c.status,
    });
    expect(fields(b.campaign)).toEqual(fields(a.campaign));
    expect(fields(b.campaign)).toMatchObject({
      recipients: 5,
      credits: 5,
      duplicateCount: 3,
      suppressedCount: 1,
      manualContacts: 3,
      accepting: false,
    });
    expect(await f.balance(sliced)).toBe(95);
    expect(await f.chunkJobsOf(b.campaign.id)).toEqual(await f.chunkJobsOf(a.campaign.id));
    expect(await f.queuedRollup(sliced, "campaign")).toEqual(await f.queuedRollup(whole, "campaign"));
    expect(await f.queuedRollup(sliced, "campaign")).toEqual({ messages: 5, credits: 5 });
    expect(await accepting(sliced)).toEqual([]);
  });

  it("gives each recipient its own opt-out link across slices, priced with it", async () => {
    const tenant = await f.freshTenant(100);
    const res = await sendTo(tenant, 2, { optOutLink: true });
    const [link] = await t.db
      .select()
      .from(schema.optOutLinks)
      .where(eq(schema.optOutLinks.campaignId, res.campaign.id));
    if (!link) throw new Error("no opt-out link");
    const names = ["Ann", "Ben", "Dan", "Eve", ""];
    const messages = await stored(res.campaign.id);
    expect(messages.map((m) => m.text)).toEqual(
      names.map(
        (name, i) => `Sale ${name}\nOpt out: ${ORIGIN}/u/${link.code}${recipientPart(link.tokenKey, i + 1)}`,
      ),
    );
    expect(messages.map((m) => m.billedParts)).toEqual([1, 1, 1, 1, 1]);
    expect(res.campaign).toMatchObject({ recipients: 5, credits: 5 });
  });

  it("gives each recipient its own tracked link across slices", async () => {
    const tenant = await f.freshTenant(100);
    const res = await sendTo(tenant, 2, {
      purpose: "general",
      message: "Hi {first_name} https://example.com/g",
      trackLinks: true,
    });
    const [link] = await t.db
      .select()
      .from(schema.trackedLinks)
      .where(eq(schema.trackedLinks.campaignId, res.campaign.id));
    if (!link) throw new Error("no tracked link");
    // General purpose: the suppression list does not apply.
    const names = ["Ann", "Ben", "Cat", "Dan", "Eve", ""];
    expect((await stored(res.campaign.id)).map((m) => m.text)).toEqual(
      names.map(
        (name, i) => `Hi ${name} ${ORIGIN}/l/${link.code}${recipientPart(link.tokenKey ?? "", i + 1)}`,
      ),
    );
  });

  it("leaves nothing behind when the balance is too low, and names the credits needed", async () => {
    const tenant = await f.freshTenant(3);
    const groups = await audience(tenant);
    const before = await f.footprint(tenant);
    const error = await acceptCampaign(
      depsOf(2),
      { organizationId: tenant.organizationId, userId: tenant.userId },
      { name: "Poor", sender: tenant.sender, purpose: "marketing", message: "Sale {first_name}", ...groups },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "INSUFFICIENT_CREDITS", params: { needed: 5, balance: 3 } });
    expect(await f.footprint(tenant)).toEqual(before);
    expect(await accepting(tenant)).toEqual([]);
  });
});

describe("a send still being accepted", () => {
  /** A campaign left accepting with its messages written, as a crash mid-acceptance leaves it. */
  async function halfAccepted(tenant: SendTenant, createdAt: Date) {
    const res = await send(tenant, 2, { name: "Half", purpose: "general", message: "Hello" }, FILE);
    const id = res.campaign.id;
    await t.db
      .update(schema.campaigns)
      .set({ accepting: true, createdAt })
      .where(eq(schema.campaigns.id, id));
    return res.campaign;
  }

  const get = (tenant: SendTenant, url: string) =>
    t.app.inject({
      method: "GET",
      url: `/api/v1${url}`,
      headers: { ...tenant.headers, "accept-language": "en" },
    });

  it("is in no list, report or summary, and its page is 404", async () => {
    const tenant = await f.freshTenant(100);
    const shown = await send(tenant, 2, { name: "Shown", purpose: "general", message: "Hi" }, FILE);
    const hidden = await halfAccepted(tenant, new Date());
    const list = await get(tenant, "/c/campaigns");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.entities.map((c: { id: number }) => c.id)).toEqual([shown.campaign.id]);
    const page = await get(tenant, `/c/campaigns/${hidden.id}`);
    expect(page.statusCode).toBe(404);
    expect(errorOf(page).code).toBe("NOT_FOUND");
    const messages = await get(tenant, "/c/messages?size=100");
    expect(messages.statusCode, messages.body).toBe(200);
    const campaigns = new Set(
      messages.json().data.entities.map((m: { campaign_id: number }) => m.campaign_id),
    );
    expect([...campaigns]).toEqual([shown.campaign.id]);
    const summary = await get(tenant, "/c/messages/summary");
    expect(summary.json().data.total).toBe(7);
  });

  it("is removed by the sweeper once stalled, messages and links and all, and only then", async () => {
    const tenant = await f.freshTenant(100);
    const now = new Date();
    const stalled = await halfAccepted(tenant, new Date(now.getTime() - STALLED_ACCEPTANCE_MS - 60_000));
    const fresh = await halfAccepted(tenant, new Date(now.getTime() - 60_000));
    const published = await send(tenant, 2, { name: "Done", purpose: "general", message: "Hi" }, FILE);
    expect(await sweepStalledAcceptances(t.db, now)).toBeGreaterThanOrEqual(1);
    expect(await f.messagesOf(stalled.id)).toEqual([]);
    const rows = await t.db
      .select({ id: schema.campaigns.id })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.id, stalled.id));
    expect(rows).toEqual([]);
    expect(await f.messagesOf(fresh.id)).toHaveLength(7);
    expect(await f.messagesOf(published.campaign.id)).toHaveLength(7);
  });

  it("is never discarded once published (a late discard changes nothing)", async () => {
    const tenant = await f.freshTenant(100);
    const res = await send(tenant, 2, { name: "Kept", purpose: "general", message: "Hi" }, FILE);
    await discardAcceptance(t.db, { id: res.campaign.id, acceptedAt: res.campaign.acceptedAt }, 2);
    expect(await f.messagesOf(res.campaign.id)).toHaveLength(7);
    const [row] = await t.db
      .select({ n: count() })
      .from(schema.campaigns)
      .where(and(eq(schema.campaigns.id, res.campaign.id), eq(schema.campaigns.recipients, 7)));
    expect(row?.n).toBe(1);
  });
});

describe("long reads in slices (ADR 53)", () => {
  it("tally a period's messages and a send's summary exactly as one statement would", async () => {
    const tenant = await f.freshTenant(100);
    const one = await send(tenant, 2, { name: "One", purpose: "general", message: "Hi" }, FILE);
    const two = await send(
      tenant,
      5_000,
      { name: "Two", purpose: "general", message: "สวัสดี" },
      FILE.slice(0, 4),
    );
    await t.db
      .update(schema.messages)
      .set({ status: "delivered" })
      .where(and(eq(schema.messages.campaignId, one.campaign.id), eq(schema.messages.seq, 3)));
    const scope = new TenantScope(t.db, tenant.organizationId);
    const filter = {
      start: new Date(Date.now() - 3_600_000),
      end: new Date(Date.now() + 3_600_000),
      ownUserId: null,
    };
    const whole = await tallyMessages(scope, filter, 1_000_000);
    expect(whole.total).toBe(10);
    expect(whole.messages).toMatchObject({ queued: 9, delivered: 1 });
    // Slices of 1, 2 and 3 rows walk the same messages: ties on created_at are broken by id.
    for (const rows of [1, 2, 3]) expect(await tallyMessages(scope, filter, rows)).toEqual(whole);
    const viewer = { scope, ownUserId: null };
    const summary = await getCampaignSummary(viewer, one.campaign.id, 1_000_000);
    expect(summary.messages).toMatchObject({ queued: 6, delivered: 1 });
    for (const rows of [1, 2, 4])
      expect(await getCampaignSummary(viewer, one.campaign.id, rows)).toEqual(summary);
    expect((await getCampaignSummary(viewer, two.campaign.id, 1)).messages).toMatchObject({ queued: 3 });
  });
});
