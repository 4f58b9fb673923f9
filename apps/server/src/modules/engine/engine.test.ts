import { randomUUID } from "node:crypto";
import { pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayOutcome, GatewaySubmit, SmsGateway } from "../../gateway/index.ts";
import type { SimulatorGateway } from "../../gateway/simulator.ts";
import { deleteJobs, jobContextOf, jobsIn } from "../../test/jobs.ts";
import { messagesOf, rollupsAgainstMessages, seedCampaign } from "../../test/messages.ts";
import { createTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { applyReceipts } from "./apply-receipts.ts";
import { ChunkRetryLater, dispatchChunk, recordParts } from "./dispatch-chunk.ts";
import { maintainEngine } from "./maintain.ts";
import { matchReceiptsByHandset } from "./match-by-handset.ts";
import { compactRollups } from "./message-rollups.ts";
import { createReportListener } from "./report-listener.ts";

let t: TestContext;
let simulator: SimulatorGateway;
let receiptsApplied = 0;

/** A local number whose simulator outcome is (state, code): see SIMULATOR_OUTCOME_SCHEME. */
let serial = 0;
function numberWith(state: number, code: string): string {
  serial += 1;
  return `668${String(serial % 100).padStart(2, "0")}99${state}${code}`;
}
function plainNumber(): string {
  serial += 1;
  return `6681${String(serial).padStart(7, "0")}`;
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The (first) chunk job of a campaign, as a worker would receive it. */
async function chunkJobOf(campaignId: number) {
  const job = (await jobsIn(t, "engine.dispatch-chunk", "created")).find(
    (j) => j.data.campaignId === campaignId,
  );
  if (!job) throw new Error(`no chunk job for campaign ${campaignId}`);
  return job.data as never;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(t.db, query);
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  t = await createTestApp({ env: { SIMULATOR_TPS: "100000", SIMULATOR_RECEIPT_DELAY_MS: "0" } });
  simulator = t.app.smsGateway as SimulatorGateway;
  const listener = createReportListener(t.db, t.app.log);
  simulator.listen({
    ...listener,
    receipts: async (batch) => {
      await listener.receipts(batch);
      receiptsApplied += batch.length;
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe("dispatch through the simulator", () => {
  it("submits every message once, applies every outcome of the catalogue, and keeps the rollups right", async () => {
    const tenant = await createTenant(t);
    const delivered = plainNumber();
    const handsetOff = numberWith(3, "303");
    const senderRefused = numberWith(1, "006");
    const blocksMarketing = numberWith(2, "100");
    const neverReported = numberWith(0, "000");
    const unknownPair = numberWith(3, "777");
    const campaign = await seedCampaign(
      t,
      tenant.organizationId,
      [delivered, handsetOff, senderRefused, blocksMarketing, neverReported, unknownPair],
      { chunkSize: 4 },
    );
    expect(await jobsIn(t, "engine.dispatch-chunk", "created")).toHaveLength(2);

    await t.jobs.drain();
    await waitFor(
      async () =>
        (await messagesOf(t, campaign.id)).every((m) => m.status !== "sent" || m.recipient === neverReported),
      "receipts",
    );

    const byNumber = new Map((await messagesOf(t, campaign.id)).map((m) => [m.recipient, m]));
    expect(byNumber.get(delivered)).toMatchObject({
      status: "delivered",
      state: 3,
      code: "000",
      submit_state: "submitted",
    });
    expect(byNumber.get(handsetOff)).toMatchObject({ status: "failed", state: 3, code: "303" });
    expect(byNumber.get(senderRefused)).toMatchObject({
      status: "failed",
      state: 1,
      code: "006",
      submit_state: "rejected",
    });
    expect(byNumber.get(blocksMarketing)).toMatchObject({ status: "failed", state: 2, code: "100" });
    expect(byNumber.get(neverReported)).toMatchObject({ status: "sent", state: 1, code: "000" });
    expect(byNumber.get(unknownPair)).toMatchObject({ status: "pending", state: 3, code: "777" });

    // The rejected message never reached the handset; the others did exactly once.
    const inbox = await queryRows<{ recipient: string; n: string | number }>(
      t.db,
      sql`select recipient, count(*) as n from dev_messages where reference = any(${pgArray(campaign.messageIds.map(String))}::text[]) group by recipient`,
    );
    expect(inbox.map((r) => [r.recipient, Number(r.n)]).sort()).toEqual(
      [delivered, handsetOff, blocksMarketing, neverReported, unknownPair].map((n) => [n, 1]).sort(),
    );

    const suppressed = await queryRows<{ msisdn: string; reason: string; code: string }>(
      t.db,
      sql`select msisdn, reason, code from suppressions where organization_id = ${tenant.organizationId}`,
    );
    expect(suppressed).toEqual([{ msisdn: blocksMarketing, reason: "gateway_report", code: "2/100" }]);

    const { rollups, counted } = await rollupsAgainstMessages(t, tenant.organizationId);
    expect(rollups).toEqual(counted);
    expect(counted).toEqual({ delivered: 1, failed: 3, pending: 1, sent: 1 });

    const [row] = await queryRows<{ status: string; sent_at: Date | null }>(
      t.db,
      sql`select status, sent_at from campaigns where id = ${campaign.id}`,
    );
    expect(row?.status).toBe("sent");
    expect(row?.sent_at).not.toBeNull();
  });

  it("treats a duplicate delivery report as a no-op", async () => {
    const tenant = await createTenant(t);
    const campaign = await seedCampaign(t, tenant.organizationId, [plainNumber(), numberWith(3, "303")]);
    await t.jobs.drain();
    await waitFor(
      async () => (await messagesOf(t, campaign.id)).every((m) => m.status !== "sent"),
      "receipts",
    );
    const before = await messagesOf(t, campaign.id);
    const rollupsBefore = await rollupsAgainstMessages(t, tenant.organizationId);
    const parts = await queryRows<{ gateway_id: string; state: number; code: string }>(
      t.db,
      sql`select gateway_id, state, code from message_parts where message_id = any(${pgArray(campaign.messageIds)}::bigint[])`,
    );
    expect(parts).toHaveLength(2);
    const changed = await t.db.transaction((tx) =>
      applyReceipts(
        tx,
        parts.map((p) => ({ gatewayId: p.gateway_id, state: p.state, code: p.code })),
      ),
    );
    expect(changed).toEqual([]);
    // A later, different report for a final part changes nothing either.
    await t.db.transaction((tx) =>
      applyReceipts(
        tx,
        parts.map((p) => ({ gatewayId: p.gateway_id, state: 3, code: "001" })),
      ),
    );
    expect(await messagesOf(t, campaign.id)).toEqual(before);
    expect(await rollupsAgainstMessages(t, tenant.organizationId)).toEqual(rollupsBefore);
    expect(
      await count(
        sql`select count(*) as n from pending_receipts where gateway_id = any(${pgArray(parts.map((p) => p.gateway_id))}::text[])`,
      ),
    ).toBe(0);
  });

  it("applies a report that arrives before the submit response is recorded", async () => {
    const tenant = await createTenant(t);
    const campaign = await seedCampaign(t, tenant.organizationId, [plainNumber()]);
    const [message] = campaign.messageIds;
    const gatewayId = `early-${randomUUID()}`;
    await t.db.transaction((tx) => applyReceipts(tx, [{ gatewayId, state: 3, code: "000" }]));
    expect(await count(sql`select count(*) as n from pending_receipts where gateway_id = ${gatewayId}`)).toBe(
      1,
    );

    await t.db.execute(
      sql`update messages set submit_state = 'submitted', status = 'sent', state = 1, code = '000' where id = ${message}`,
    );
    await t.db.transaction((tx) =>
      recordParts(tx, campaign.acceptedAt, [{ gatewayId, messageId: message as number, part: 1, parts: 1 }]),
    );
    expect((await messagesOf(t, campaign.id))[0]).toMatchObject({
      status: "delivered",
      state: 3,
      code: "000",
    });
    expect(await count(sql`select count(*) as n from pending_receipts where gateway_id = ${gatewayId}`)).toBe(
      0,
    );
    await t.jobs.drain();
  });

  it("stores a message whose reports overtook its submit once, with its final status, and its parts with their reports", async () => {
    const tenant = await createTenant(t);
    const numbers = [plainNumber(), plainNumber(), plainNumber(), plainNumber()];
    const campaign = await seedCampaign(t, tenant.organizationId, numbers);
    const [single, multipart, unreported, blocked] = campaign.messageIds as number[];
    const partId = (message: number | undefined, part: number) => `overtaken-${message}-${part}`;
    // As the SMPP gateway hands them over while their submit is still being answered (early).
    await createReportListener(t.db, t.app.log).receipts([
      { gatewayId: partId(single, 1), state: 3, code: "000", early: true },
      { gatewayId: partId(multipart, 2), state: 3, code: "000", early: true },
      { gatewayId: partId(blocked, 1), state: 1, code: "000", early: true },
      { gatewayId: partId(blocked, 1), state: 2, code: "100", early: true },
    ]);
    const waiting = sql`select count(*) as n from pending_receipts where gateway_id like ${"overtaken-%"}`;
    expect(await count(waiting)).toBe(4);

    const submitted: SmsGateway = {
      ...simulator,
      name: "simulator",
      submit: async (batch) =>
        batch.map((m) => {
          const id = Number(m.reference);
          const wireParts = id === multipart ? 2 : 1;
          return {
            reference: m.reference,
            status: "accepted",
            wireParts,
            parts: Array.from({ length: wireParts }, (_, i) => ({
              part: i + 1,
              gatewayId: partId(id, i + 1),
            })),
          };
        }),
    };
    await dispatchChunk(await chunkJobOf(campaign.id), { ...jobContextOf(t), smsGateway: submitted });

    const messages = await messagesOf(t, campaign.id);
    expect(messages.map((m) => [m.status, m.state, m.code])).toEqual([
      ["delivered", 3, "000"],
      // One part of two reported: sent until the other's report.
      ["sent", 1, "000"],
      ["sent", 1, "000"],
      // Of two reports for one part, the final one.
      ["failed", 2, "100"],
    ]);
    const parts = await queryRows<{
      gateway_id: string;
      state: number | null;
      code: string | null;
      final: boolean;
    }>(
      t.db,
      sql`select gateway_id, state, code, final from message_parts where gateway_id like ${"overtaken-%"} order by gateway_id`,
    );
    expect(parts.map((p) => [p.gateway_id, p.state, p.code, p.final])).toEqual(
      [
        [partId(single, 1), 3, "000", true],
        [partId(multipart, 1), null, null, false],
        [partId(multipart, 2), 3, "000", true],
        [partId(unreported, 1), null, null, false],
        [partId(blocked, 1), 2, "100", true],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(await count(waiting)).toBe(0);
    // Written once: the reported messages went from queued to their final status without counting
    // as sent on the way (no sent count was ever taken back).
    expect(
      await count(
        sql`select count(*) as n from message_daily_counts where organization_id = ${tenant.organizationId} and status = 'sent' and messages < 0`,
      ),
    ).toBe(0);
    const { rollups, counted } = await rollupsAgainstMessages(t, tenant.organizationId);
    expect(rollups).toEqual(counted);
    // A report blocking marketing suppresses the number, as when it is applied after its part.
    const suppressed = await queryRows<{ msisdn: string; code: string }>(
      t.db,
      sql`select msisdn, code from suppressions where organization_id = ${tenant.organizationId}`,
    );
    expect(suppressed).toEqual([{ msisdn: numbers[3], code: "2/100" }]);

    // The other multipart report, after its part was stored, completes the message.
    await createReportListener(t.db, t.app.log).receipts([
      { gatewayId: partId(multipart, 1), state: 3, code: "000" },
    ]);
    expect((await messagesOf(t, campaign.id))[1]).toMatchObject({ status: "delivered" });
    await t.jobs.drain();
  });

  it("never folds an overtaking report into an API message: its webhooks tell sent, then delivered", async () => {
    const tenant = await createTenant(t);
    const campaign = await seedCampaign(t, tenant.organizationId, [plainNumber()]);
    const [message] = campaign.messageIds as number[];
    await t.db.execute(sql`update messages set type = 'api' where id = ${message}`);
    await t.db.execute(
      sql`update campaigns set callback_url = 'https://example.com/hook' where id = ${campaign.id}`,
    );
    const gatewayId = `overtaken-api-${message}`;
    await createReportListener(t.db, t.app.log).receipts([{ gatewayId, state: 3, code: "000", early: true }]);
    const submitted: SmsGateway = {
      ...simulator,
      name: "simulator",
      submit: async (batch) =>
        batch.map((m) => ({
          reference: m.reference,
          status: "accepted",
          wireParts: 1,
          parts: [{ part: 1, gatewayId }],
        })),
    };
    await dispatchChunk(await chunkJobOf(campaign.id), { ...jobContextOf(t), smsGateway: submitted });
    expect((await messagesOf(t, campaign.id))[0]).toMatchObject({
      status: "delivered",
      state: 3,
      code: "000",
    });
    const events = await queryRows<{ event: string }>(
      t.db,
      sql`select event from webhook_deliveries where message_id = ${message} order by id`,
    );
    expect(events.map((e) => e.event)).toEqual(["sent", "delivered"]);
    await t.jobs.drain();
  });

  it("tracks a multipart message per part and combines the parts into one status", async () => {
    const tenant = await createTenant(t);
    const long = "x".repeat(400);
    const campaign = await seedCampaign(t, tenant.organizationId, [plainNumber(), plainNumber()], {
      text: long,
    });
    const submitted: SmsGateway = {
      ...simulator,
      name: "simulator",
      submit: async (batch) =>
        batch.map((m) => ({
          reference: m.reference,
          status: "accepted",
          wireParts: 3,
          parts: [1, 2, 3].map((part) => ({ part, gatewayId: `mp-${m.reference}-${part}` })),
        })),
    };
    await dispatchChunk(await chunkJobOf(campaign.id), { ...jobContextOf(t), smsGateway: submitted });
    const [first, second] = campaign.messageIds;
    expect((await messagesOf(t, campaign.id)).map((m) => m.wire_parts)).toEqual([3, 3]);

    const report = (id: number | undefined, part: number, state: number, code: string) => ({
      gatewayId: `mp-${id}-${part}`,
      state,
      code,
    });
    await t.db.transaction((tx) =>
      applyReceipts(tx, [
        report(first, 1, 3, "000"),
        report(first, 2, 3, "000"),
        report(second, 1, 3, "000"),
      ]),
    );
    expect((await messagesOf(t, campaign.id)).map((m) => m.status)).toEqual(["sent", "sent"]);
    await t.db.transaction((tx) =>
      applyReceipts(tx, [
        report(first, 3, 3, "000"),
        report(second, 2, 3, "200"),
        report(second, 3, 3, "000"),
      ]),
    );
    const [a, b] = await messagesOf(t, campaign.id);
    expect(a).toMatchObject({ status: "delivered", state: 3, code: "000" });
    expect(b).toMatchObject({ status: "failed", state: 3, code: "200" });
    const perPart = await queryRows<{ part: number; state: number; code: string; final: boolean }>(
      t.db,
      sql`select part, state, code, final from message_parts where message_id = ${second} order by part`,
    );
    expect(perPart).toEqual([
      { part: 1, state: 3, code: "000", final: true },
      { part: 2, state: 3, code: "200", final: true },
      { part: 3, state: 3, code: "000", final: true },
    ]);
    await t.jobs.drain();
  });
});

describe("exactly once after a crash", () => {
  it("never resubmits messages a dead attempt had claimed; a receipt with our reference settles them", async () => {
    const tenant = await createTenant(t);
    const numbers = [plainNumber(), plainNumber(), plainNumber(), plainNumber()];
    const campaign = await seedCampaign(t, tenant.organizationId, numbers);
    const [claimedAndSent, claimedNotSent] = campaign.messageIds;
    // A worker claimed two messages, wrote the first to the gateway, and died before recording anything.
    await t.db.execute(sql`update messages set submit_state = 'submitting', attempt = ${randomUUID()}::uuid
                                where id = any(${pgArray([claimedAndSent, claimedNotSent])}::bigint[])`);
    await simulator.submit([
      { reference: String(claimedAndSent), to: numbers[0] as string, sender: "SMSPortal", text: "Hello" },
    ]);

    await t.jobs.drain();
    await waitFor(
      async () => (await messagesOf(t, campaign.id)).filter((m) => m.status === "delivered").length === 3,
      "receipts",
    );
    const messages = await messagesOf(t, campaign.id);
    expect(messages.map((m) => m.status)).toEqual(["delivered", "pending", "delivered", "delivered"]);
    expect(messages[1]).toMatchObject({ submit_state: "unknown" });
    const sends = await queryRows<{ reference: string; n: string | number }>(
      t.db,
      sql`select reference, count(*) as n from dev_messages where reference = any(${pgArray(campaign.messageIds.map(String))}::text[]) group by reference`,
    );
    expect(Object.fromEntries(sends.map((s) => [Number(s.reference), Number(s.n)]))).toEqual({
      [claimedAndSent as number]: 1,
      [campaign.messageIds[2] as number]: 1,
      [campaign.messageIds[3] as number]: 1,
    });

    // After the network's retry window the unknown one is a final, refundable failure.
    const later = new Date(Date.now() + 25 * 3600_000);
    const result = await maintainEngine(t.db, later);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect((await messagesOf(t, campaign.id))[1]).toMatchObject({ status: "failed", state: 1, code: "003" });
    const { rollups, counted } = await rollupsAgainstMessages(t, tenant.organizationId);
    expect(rollups).toEqual(counted);
  });

  it("puts messages the gateway could not take back in the queue and sends them on the retry, once", async () => {
    const tenant = await createTenant(t);
    const campaign = await seedCampaign(t, tenant.organizationId, [
      plainNumber(),
      plainNumber(),
      plainNumber(),
    ]);
    const seen: string[] = [];
    let call = 0;
    const flaky: SmsGateway = {
      ...simulator,
      submit: async (batch: readonly GatewaySubmit[]): Promise<GatewayOutcome[]> => {
        call += 1;
        seen.push(...batch.map((m) => m.reference));
        return batch.map((m) =>
          call === 1 && m.reference !== String(campaign.messageIds[0])
            ? { reference: m.reference, status: "retry", reason: "throttled" }
            : {
                reference: m.reference,
                status: "accepted",
                wireParts: 1,
                parts: [{ part: 1, gatewayId: `flaky-${m.reference}` }],
              },
        );
      },
    };
    const job = await chunkJobOf(campaign.id);
    const context = { ...jobContextOf(t), smsGateway: flaky };
    await expect(dispatchChunk(job, context)).rejects.toBeInstanceOf(ChunkRetryLater);
    expect((await messagesOf(t, campaign.id)).map((m) => m.submit_state)).toEqual([
      "submitted",
      "queued",
      "queued",
    ]);
    await dispatchChunk(job, context);
    expect((await messagesOf(t, campaign.id)).map((m) => m.submit_state)).toEqual([
      "submitted",
      "submitted",
      "submitted",
    ]);
    expect(seen.sort()).toEqual(
      [
        campaign.messageIds[0],
        campaign.messageIds[1],
        campaign.messageIds[1],
        campaign.messageIds[2],
        campaign.messageIds[2],
      ]
        .map(String)
        .sort(),
    );
    // Running the finished chunk again (pg-boss delivers at least once) sends nothing.
    await dispatchChunk(job, context);
    expect(seen).toHaveLength(5);
    await t.jobs.drain();
  });

  it("settles an unknown part when its submit response arrives late", async () => {
    const tenant = await createTenant(t);
    const campaign = await seedCampaign(t, tenant.organizationId, [plainNumber()]);
    const timingOut: SmsGateway = {
      ...simulator,
      submit: async (batch) =>
        batch.map((m) => ({ reference: m.reference, status: "unknown", wireParts: 1, parts: [] })),
    };
    await dispatchChunk(await chunkJobOf(campaign.id), { ...jobContextOf(t), smsGateway: timingOut });
    expect((await messagesOf(t, campaign.id))[0]).toMatchObject({
      status: "pending",
      submit_state: "unknown",
    });
    const [id] = campaign.messageIds;
    const listener = createReportListener(t.db, t.app.log);
    await listener.lateAccepts([{ reference: String(id), part: 1, parts: 1, gatewayId: `late-${id}` }]);
    expect((await messagesOf(t, campaign.id))[0]).toMatchObject({
      status: "sent",
      submit_state: "submitted",
    });
    await listener.receipts([{ gatewayId: `late-${id}`, state: 3, code: "000" }]);
    expect((await messagesOf(t, campaign.id))[0]).toMatchObject({ status: "delivered" });
    await t.jobs.drain();
  });
});

describe("debt collection across a barred window", () => {
  /** Bangkok wall-clock time as an instant (UTC+7, no DST). */
  const bkk = (local: string) => new Date(`${local}+07:00`);

  /** The waiting chunk jobs of a campaign, with when pg-boss will start them. */
  async function waitingChunks(campaignId: number) {
    return jobsIn(t, "engine.dispatch-chunk", "created", { campaignId });
  }

  it("pauses a running campaign at the boundary, parks the rest of the chunk until 08:00, and finishes it then, once", async () => {
    const tenant = await createTenant(t);
    const recipients = Array.from({ length: 5 }, () => plainNumber());
    const campaign = await seedCampaign(t, tenant.organizationId, recipients, { purpose: "debt_collection" });
    const job = await chunkJobOf(campaign.id);
    await deleteJobs(t, "engine.dispatch-chunk", { campaignId: campaign.id });
    const seen: string[] = [];
    const counting: SmsGateway = {
      ...simulator,
      submit: async (batch) => {
        seen.push(...batch.map((m) => m.reference));
        return simulator.submit(batch);
      },
    };
    const context = {
      ...jobContextOf(t),
      smsGateway: counting,
      config: { ...t.app.config, engine: { ...t.app.config.engine, submitBatch: 2 } },
    };
    // A Monday: the first slice goes at 19:59:59, the clock then crosses 20:00.
    const clock = [bkk("2026-11-23T19:59:59"), bkk("2026-11-23T20:00:00")];
    let calls = 0;
    await dispatchChunk(job, context, () => clock[Math.min(calls++, clock.length - 1)] as Date);

    expect([...seen].sort()).toEqual(campaign.messageIds.slice(0, 2).map(String).sort());
    expect((await messagesOf(t, campaign.id)).map((m) => m.submit_state)).toEqual([
      "submitted",
      "submitted",
      "queued",
      "queued",
      "queued",
    ]);
    const [status] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from campaigns where id = ${campaign.id}`,
    );
    expect(status?.status).toBe("paused");
    const parked = await waitingChunks(campaign.id);
    expect(parked).toHaveLength(1);
    // Started about 12 hours later: Tuesday 08:00 Bangkok, give or take the test's own run time.
    const startsIn = Number(parked[0]?.startAfter.getTime()) - Date.now();
    const expected = bkk("2026-11-24T08:00:00").getTime() - bkk("2026-11-23T20:00:00").getTime();
    expect(Math.abs(startsIn - expected)).toBeLessThan(60_000);

    // Still barred at 03:00: the resumed run parks again without sending.
    await dispatchChunk(job, context, () => bkk("2026-11-24T03:00:00"));
    expect(seen).toHaveLength(2);
    // 08:00: the rest goes, each message once, and the campaign completes.
    await dispatchChunk(job, context, () => bkk("2026-11-24T08:00:00"));
    expect(seen.sort()).toEqual(campaign.messageIds.map(String).sort());
    const [done] = await queryRows<{ status: string }>(
      t.db,
      sql`select status from campaigns where id = ${campaign.id}`,
    );
    expect(done?.status).toBe("sent");
    await deleteJobs(t, "engine.dispatch-chunk", { campaignId: campaign.id });
  });

  it("waits out a holiday evening and a weekend night, but never holds a general campaign", async () => {
    const tenant = await createTenant(t);
    await t.db.execute(
      sql`insert into holidays (date, name) values ('2026-12-10', 'Engine test holiday') on conflict do nothing`,
    );
    const debt = await seedCampaign(t, tenant.organizationId, [plainNumber()], {
      purpose: "debt_collection",
    });
    const general = await seedCampaign(t, tenant.organizationId, [plainNumber()]);
    const debtJob = await chunkJobOf(debt.id);
    const generalJob = await chunkJobOf(general.id);
    for (const id of [debt.id, general.id]) await deleteJobs(t, "engine.dispatch-chunk", { campaignId: id });
    const context = jobContextOf(t);

    // 18:30 on the holiday (a Thursday, when a weekday would still be open until 20:00).
    await dispatchChunk(debtJob, context, () => bkk("2026-12-10T18:30:00"));
    expect((await messagesOf(t, debt.id)).map((m) => m.submit_state)).toEqual(["queued"]);
    expect(await waitingChunks(debt.id)).toHaveLength(1);
    // 07:00 on a Sunday.
    await dispatchChunk(debtJob, context, () => bkk("2026-11-29T07:00:00"));
    expect((await messagesOf(t, debt.id)).map((m) => m.submit_state)).toEqual(["queued"]);
    // Saturday afternoon is open.
    await dispatchChunk(debtJob, context, () => bkk("2026-11-28T14:00:00"));
    expect((await messagesOf(t, debt.id)).map((m) => m.submit_state)).toEqual(["submitted"]);

    await dispatchChunk(generalJob, context, () => bkk("2026-12-10T23:00:00"));
    expect((await messagesOf(t, general.id)).map((m) => m.submit_state)).toEqual(["submitted"]);
    expect(await waitingChunks(general.id)).toHaveLength(0);
    for (const id of [debt.id, general.id]) await deleteJobs(t, "engine.dispatch-chunk", { campaignId: id });
  });
});

describe("unknown submits settled by the handset a report names", () => {
  const timingOut = (wireParts: number): SmsGateway => ({
    ...simulator,
    submit: async (batch) =>
      batch.map((m) => ({ reference: m.reference, status: "unknown", wireParts, parts: [] })),
  });

  it("takes a waiting report as the one unknown message to its handset, and never guesses between two", async () => {
    const tenant = await createTenant(t);
    const single = plainNumber();
    const twice = plainNumber();
    const campaign = await seedCampaign(t, tenant.organizationId, [single, twice, twice]);
    await dispatchChunk(await chunkJobOf(campaign.id), { ...jobContextOf(t), smsGateway: timingOut(1) });
    expect((await messagesOf(t, campaign.id)).map((m) => m.status)).toEqual([
      "pending",
      "pending",
      "pending",
    ]);

    const listener = createReportListener(t.db, t.app.log);
    await listener.receipts([
      { gatewayId: `lost-${campaign.id}-a`, state: 3, code: "000", msisdn: single },
      { gatewayId: `lost-${campaign.id}-b`, state: 3, code: "000", msisdn: twice },
    ]);
    expect(await matchReceiptsByHandset(t.db, 0)).toBe(1);
    const [first, second, third] = await messagesOf(t, campaign.id);
    expect(first).toMatchObject({ status: "delivered", submit_state: "submitted" });
    // Two unknown messages to one number: the report could be either's, so it waits.
    expect([second?.status, third?.status]).toEqual(["pending", "pending"]);
    expect(
      await count(
        sql`select count(*) as n from pending_receipts where gateway_id = ${`lost-${campaign.id}-b`}`,
      ),
    ).toBe(1);
    const { rollups, counted } = await rollupsAgainstMessages(t, tenant.organizationId);
    expect(rollups).toEqual(counted);
    await t.jobs.drain();
  });

  it("waits out the grace period, and assigns a multipart message's reports to its parts", async () => {
    const tenant = await createTenant(t);
    const number = plainNumber();
    const campaign = await seedCampaign(t, tenant.organizationId, [number], { text: "y".repeat(300) });
    await dispatchChunk(await chunkJobOf(campaign.id), { ...jobContextOf(t), smsGateway: timingOut(2) });
    const listener = createReportListener(t.db, t.app.log);
    await listener.receipts([
      { gatewayId: `mp-lost-${campaign.id}-1`, state: 3, code: "000", msisdn: number },
      { gatewayId: `mp-lost-${campaign.id}-2`, state: 3, code: "000", msisdn: number },
    ]);
    expect(await matchReceiptsByHandset(t.db)).toBe(0);
    expect(await matchReceiptsByHandset(t.db, 0)).toBe(2);
    expect((await messagesOf(t, campaign.id))[0]).toMatchObject({ status: "delivered", wire_parts: 2 });
    await t.jobs.drain();
  });
});

describe("replies", () => {
  it("stores a reply against the organization that messaged the number; STOP suppresses it for marketing", async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const number = plainNumber();
    await seedCampaign(t, other.organizationId, [number], { acceptedAt: new Date(Date.now() - 3600_000) });
    await seedCampaign(t, tenant.organizationId, [number]);
    await t.jobs.drain();
    await simulator.simulateReply({ source: number, destination: "SMSPortal", text: "ok thanks" });
    await simulator.simulateReply({ source: number, destination: "SMSPortal", text: " Stop " });
    await simulator.simulateReply({ source: plainNumber(), destination: "SMSPortal", text: "STOP" });
    const inbound = await queryRows<{ organization_id: number | null; text: string; is_stop: boolean }>(
      t.db,
      sql`select organization_id, text, is_stop from inbound_messages where source = ${number} order by id`,
    );
    expect(inbound).toEqual([
      { organization_id: tenant.organizationId, text: "ok thanks", is_stop: false },
      { organization_id: tenant.organizationId, text: " Stop ", is_stop: true },
    ]);
    const suppressed = await queryRows<{ organization_id: number; reason: string }>(
      t.db,
      sql`select organization_id, reason from suppressions where msisdn = ${number}`,
    );
    expect(suppressed).toEqual([{ organization_id: tenant.organizationId, reason: "stop_reply" }]);
  });
});

describe("maintenance", () => {
  it("folds the rollups' delta rows into one row per key without changing any total", async () => {
    const tenant = await createTenant(t);
    await seedCampaign(t, tenant.organizationId, [plainNumber(), numberWith(3, "303"), numberWith(1, "006")]);
    await t.jobs.drain();
    await waitFor(
      async () => (await rollupsAgainstMessages(t, tenant.organizationId)).counted.sent === undefined,
      "receipts",
    );
    const before = await rollupsAgainstMessages(t, tenant.organizationId);
    expect(before.rollups).toEqual(before.counted);
    const rows = () =>
      count(
        sql`select count(*) as n from message_daily_counts where organization_id = ${tenant.organizationId}`,
      );
    expect(await rows()).toBeGreaterThan(3);
    expect(await compactRollups(t.db)).toBeGreaterThan(0);
    expect(await rows()).toBe(Object.keys(before.counted).length);
    expect((await rollupsAgainstMessages(t, tenant.organizationId)).rollups).toEqual(before.counted);
  });

  it("keeps the next months' partitions ready", async () => {
    const far = new Date(Date.UTC(2031, 5, 15));
    const first = await maintainEngine(t.db, far);
    expect(first.partitionsCreated).toBe(4);
    expect((await maintainEngine(t.db, far)).partitionsCreated).toBe(0);
    const partitions = await queryRows<{ name: string }>(
      t.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
           join pg_class p on p.oid = i.inhparent where p.relname = 'messages' and c.relname like 'messages_2031%' order by 1`,
    );
    expect(partitions.map((p) => p.name)).toEqual([
      "messages_2031_06",
      "messages_2031_07",
      "messages_2031_08",
      "messages_2031_09",
    ]);
    expect(receiptsApplied).toBeGreaterThan(0);
  });
});
