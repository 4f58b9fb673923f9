import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PG_ERROR, pgErrorOf, unstorableTextError } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import { jobContextOf, jobsIn } from "../../test/jobs.ts";
import { type SendTenant, sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { dispatchSendsJob } from "../engine/index.ts";
import {
  type ApiBatchSend,
  ApiSendBatcher,
  type BatchAdmission,
  type BatchedApiSend,
} from "./accept-api-batch.ts";
import { acceptApiSend } from "./accept-api-send.ts";
import type { SendDeps } from "./resolve-send.ts";

/** The public API's group commit (ApiSendBatcher): one transaction per batch, one answer per send. */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let deps: SendDeps;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  deps = { db: t.db, dbHandle: t.dbHandle, jobs: t.app.jobs, chunkSize: 1000 };
});
afterAll(() => t?.close());

/** A send under the tenant's own approved sender (free text may not use the shared one, ADR 32). */
const send = (tenant: SendTenant, numbers: string[], message = "Hello from the batch") => ({
  organizationId: tenant.organizationId,
  numbers,
  message,
  sender: tenant.sender,
});

describe("ApiSendBatcher", () => {
  it("writes concurrent sends in shared transactions, each with its own send, ledger entry and answer", async () => {
    const a = await f.freshTenant(100);
    const b = await f.freshTenant(100);
    const batcher = new ApiSendBatcher(deps);
    const answers = await Promise.all([
      batcher.submit(send(a, ["66812340001"])),
      batcher.submit(send(b, ["66812340002", "66812340003"])),
      batcher.submit(send(a, ["66812340004"], "ข้อความภาษาไทย")),
      batcher.submit(send(a, ["66812340005"])),
    ]);
    // Balances after each send, in arrival order per organization.
    expect(answers.map((x) => x.balance)).toEqual([99, 98, 98, 97]);
    const campaigns = await t.db
      .select()
      .from(schema.campaigns)
      .where(eq(schema.campaigns.organizationId, a.organizationId));
    expect(campaigns).toHaveLength(3);
    for (const c of campaigns)
      expect(c).toMatchObject({ kind: "api", recipients: 1, credits: 1, status: "queued" });
    const entries = await t.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.organizationId, a.organizationId));
    const used = entries.filter((e) => e.type === "used");
    expect(used.map((e) => e.reference).sort()).toEqual(campaigns.map((c) => `campaign:${c.id}`).sort());
    // The answer's message ids are the stored messages.
    const second = answers[1] as BatchedApiSend;
    const stored = await t.db
      .select({ id: schema.messages.id, recipient: schema.messages.recipient, seq: schema.messages.seq })
      .from(schema.messages)
      .where(eq(schema.messages.campaignId, second.campaignId));
    expect(stored.sort((x, y) => x.seq - y.seq).map((m) => [m.id, m.recipient])).toEqual(
      second.messages.map((m) => [m.messageId, m.recipient]),
    );
    expect((await f.footprint(a)).balance).toBe(97);
    expect((await f.footprint(b)).balance).toBe(98);
  });

  it("stores a send exactly as the one-by-one acceptance does: one acceptance (ADR 68)", async () => {
    const a = await f.freshTenant(100);
    const input = {
      ...send(a, ["66812340001", "66812340002"], "รหัสของคุณ {code} Hello"),
      tag: "Orders",
      callbackUrl: "https://example.com/hook",
      type: "otp" as const,
    };
    const batched = await new ApiSendBatcher(deps).submit(input);
    const single = await acceptApiSend(deps, { ...input, trackLinks: false });
    const rowOf = async (id: number) => {
      const [row] = await t.db.select().from(schema.campaigns).where(eq(schema.campaigns.id, id));
      const {
        id: _id,
        acceptedAt: _at,
        createdAt: _created,
        ...rest
      } = row as typeof schema.campaigns.$inferSelect;
      return rest;
    };
    const messagesOf = async (id: number) =>
      (await t.db.select().from(schema.messages).where(eq(schema.messages.campaignId, id)))
        .sort((x, y) => x.seq - y.seq)
        .map(({ id: _id, campaignId: _c, createdAt: _at, ...rest }) => rest);
    const entryOf = async (id: number) => {
      const [entry] = await t.db
        .select()
        .from(schema.creditEntries)
        .where(eq(schema.creditEntries.reference, `campaign:${id}`));
      return { type: entry?.type, credits: entry?.credits, reason: entry?.reason, memberId: entry?.memberId };
    };
    expect(await rowOf(batched.campaignId)).toEqual(await rowOf(single.campaign.id));
    expect(await rowOf(batched.campaignId)).toMatchObject({
      kind: "api",
      purpose: "general",
      name: "Orders",
      callbackUrl: "https://example.com/hook",
      recipients: 2,
      accepting: false,
    });
    expect(await messagesOf(batched.campaignId)).toEqual(await messagesOf(single.campaign.id));
    expect(await entryOf(batched.campaignId)).toEqual(await entryOf(single.campaign.id));
    expect(await entryOf(batched.campaignId)).toMatchObject({ reason: "ledger.otp_send", credits: -2 });
  });

  it("refuses only the sends the balance cannot cover, in arrival order", async () => {
    const a = await f.freshTenant(3);
    const batcher = new ApiSendBatcher(deps);
    const results = await Promise.allSettled([
      batcher.submit(send(a, ["66812340001", "66812340002"])),
      batcher.submit(send(a, ["66812340003", "66812340004"])),
      batcher.submit(send(a, ["66812340005"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const refused = results[1] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).code).toBe("INSUFFICIENT_CREDITS");
    const after = await f.footprint(a);
    expect(after.balance).toBe(0);
    expect(after.campaigns).toBe(2);
  });

  it("refuses a send whose sender the organization may not use, alone", async () => {
    const a = await f.freshTenant(10);
    const other = await f.freshTenant(10);
    // A name only the other organization has (every fresh tenant also has OWN_SENDER).
    const othersOnly = await f.approvedSender(other, "OthersOnly", "marketing");
    const batcher = new ApiSendBatcher(deps);
    const results = await Promise.allSettled([
      batcher.submit(send(a, ["66812340001"])),
      batcher.submit({ ...send(a, ["66812340002"]), sender: othersOnly }),
      batcher.submit(send(a, ["66812340003"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(((results[1] as PromiseRejectedResult).reason as AppError).code).toBe("NOT_FOUND");
    expect((await f.footprint(a)).balance).toBe(8);
  });

  it("gathers the sends arriving while a batch is written into the next batch, not one batch each", async () => {
    const a = await f.freshTenant(10);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batchSizes: number[] = [];
    const batcher = new ApiSendBatcher(deps, undefined, async (_tx, sends) => {
      batchSizes.push(sends.length);
      // The first batch stays before its hand-off point (its rows stored) until the later sends
      // have all arrived.
      if (batchSizes.length === 1) await held;
    });
    const first = batcher.submit(send(a, ["66812340001"]));
    while (batchSizes.length === 0) await new Promise((r) => setTimeout(r, 5));
    const later = [2, 3, 4, 5, 6].map((n) => batcher.submit(send(a, [`6681234000${n}`])));
    await new Promise((r) => setTimeout(r, 50));
    expect(batchSizes).toEqual([1]);
    release();
    const answers = await Promise.all([first, ...later]);
    expect(batchSizes).toEqual([1, 5]);
    expect(answers.map((x) => x.balance)).toEqual([9, 8, 7, 6, 5, 4]);
    expect((await f.footprint(a)).balance).toBe(4);
  });

  it("refuses the sends the admission hook refuses, with nothing stored or charged for them", async () => {
    const a = await f.freshTenant(10);
    const batcher = new ApiSendBatcher(deps, async (_tx, sends) =>
      sends.map((s) => (s.numbers.includes("66800000000") ? new AppError("RATE_LIMITED") : null)),
    );
    const results = await Promise.allSettled([
      batcher.submit(send(a, ["66812340001"])),
      batcher.submit(send(a, ["66800000000"])),
      batcher.submit(send(a, ["66812340002"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results.flatMap((r) => (r.status === "fulfilled" ? [r.value.balance] : []))).toEqual([9, 8]);
    expect((await f.footprint(a)).balance).toBe(8);
  });

  /** The organization's campaigns as the batch's transaction sees them. */
  const storedIn = async (tx: Parameters<BatchAdmission>[0], tenant: SendTenant) =>
    (
      await tx
        .select({ id: schema.campaigns.id })
        .from(schema.campaigns)
        .where(eq(schema.campaigns.organizationId, tenant.organizationId))
    ).length;

  it("stores a batch's rows before it locks the balances and admits its sends (store first, ADR 116)", async () => {
    const a = await f.freshTenant(10);
    const steps: string[] = [];
    const batcher = new ApiSendBatcher(
      deps,
      async (tx, sends) => {
        steps.push(`admit ${sends.length}, ${await storedIn(tx, a)} stored`);
        return sends.map(() => null);
      },
      async (_tx, sends) => {
        steps.push(`record ${sends.length}`);
      },
    );
    await batcher.submit(send(a, ["66812340001"]));
    await batcher.submit(send(a, ["66812340002", "66812340003"]));
    // Each batch's campaigns are in the table when its admission runs: they were stored first.
    expect(steps).toEqual(["record 1", "admit 1, 1 stored", "record 1", "admit 1, 2 stored"]);
    expect(await f.footprint(a)).toMatchObject({ balance: 7, campaigns: 2, messages: 3 });
  });

  it("accepts a batch again checked first when a send is refused, and the next batches too (ADR 116)", async () => {
    const a = await f.freshTenant(10);
    const steps: string[] = [];
    const batcher = new ApiSendBatcher(
      deps,
      async (tx, sends) => {
        steps.push(`admit ${sends.length}, ${await storedIn(tx, a)} stored`);
        return sends.map((s) => (s.numbers.includes("66800000000") ? new AppError("RATE_LIMITED") : null));
      },
      async (_tx, sends) => {
        steps.push(`record ${sends.length}`);
      },
    );
    const results = await Promise.allSettled([
      batcher.submit(send(a, ["66812340001"])),
      batcher.submit(send(a, ["66800000000"])),
      batcher.submit(send(a, ["66812340002"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    await batcher.submit(send(a, ["66812340003"]));
    expect(steps).toEqual([
      // The first send alone, stored first.
      "record 1",
      "admit 1, 1 stored",
      // The next two stored first, one refused: rolled back (nothing of them stays) ...
      "record 2",
      "admit 2, 3 stored",
      // ... and accepted again checked first: admitted before anything is stored.
      "admit 2, 1 stored",
      "record 1",
      // The next batch is checked first too.
      "admit 1, 2 stored",
      "record 1",
    ]);
    // Exactly once: three sends kept, three campaigns, three messages, three debits.
    expect(await f.footprint(a)).toMatchObject({ balance: 7, campaigns: 3, messages: 3 });
    const used = (
      await t.db
        .select()
        .from(schema.creditEntries)
        .where(eq(schema.creditEntries.organizationId, a.organizationId))
    ).filter((e) => e.type === "used");
    expect(used).toHaveLength(3);
  });

  it("starts a batch beside one being written only once as many sends wait as the last held (ADR 116)", async () => {
    const a = await f.freshTenant(10);
    const gate = () => {
      let open: () => void = () => {};
      const shut = new Promise<void>((resolve) => {
        open = resolve;
      });
      return { shut, open };
    };
    const stored = gate();
    const admitting = gate();
    const admitted: number[] = [];
    let recorded = 0;
    const batcher = new ApiSendBatcher(
      deps,
      async (_tx, sends) => {
        admitted.push(sends.length);
        // The second batch stays in its admission, past its hand-off point.
        if (admitted.length === 2) await admitting.shut;
        return sends.map(() => null);
      },
      async () => {
        recorded += 1;
        if (recorded === 1) await stored.shut;
      },
    );
    const sent: Promise<unknown>[] = [];
    try {
      sent.push(batcher.submit(send(a, ["66812340001"])));
      while (recorded === 0) await new Promise((r) => setTimeout(r, 5));
      sent.push(batcher.submit(send(a, ["66812340002"])), batcher.submit(send(a, ["66812340003"])));
      stored.open();
      while (admitted.length < 2) await new Promise((r) => setTimeout(r, 5));
      // The second batch (2 sends) is being written: one send waiting is not enough for another ...
      expect(batcher.started).toBe(2);
      sent.push(batcher.submit(send(a, ["66812340004"])));
      await new Promise((r) => setTimeout(r, 50));
      expect(batcher.started).toBe(2);
      // ... two are: the third batch starts while the second is still held.
      sent.push(batcher.submit(send(a, ["66812340005"])));
      expect(batcher.started).toBe(3);
      expect(admitted).toEqual([1, 2]);
    } finally {
      stored.open();
      admitting.open();
      await Promise.allSettled(sent);
    }
    expect(admitted).toEqual([1, 2, 2]);
    expect(await f.footprint(a)).toMatchObject({ balance: 5, campaigns: 5, messages: 5 });
  });

  it("rolls the whole batch back when the transaction fails, answering every send with the error", async () => {
    const a = await f.freshTenant(10);
    const batcher = new ApiSendBatcher(deps, async () => {
      throw new Error("database went away");
    });
    const results = await Promise.allSettled([
      batcher.submit(send(a, ["66812340001"])),
      batcher.submit(send(a, ["66812340002"])),
    ]);
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const after = await f.footprint(a);
    expect(after).toMatchObject({ balance: 10, campaigns: 0, messages: 0 });
  });

  /**
   * The first batch is held as it stores its rows (before its hand-off point) until the rest have
   * arrived, so they all share the second batch (as concurrent requests do on PostgreSQL); answers
   * the sizes of the batches (or halves) that stored their rows.
   */
  async function sharedBatch(sends: ApiBatchSend[]) {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const recorded: number[] = [];
    const subject = new ApiSendBatcher(deps, undefined, async (_tx, batch) => {
      recorded.push(batch.length);
      if (recorded.length === 1) await held;
    });
    const [first, ...rest] = sends;
    if (!first) throw new Error("no sends");
    const pending = [subject.submit(first)];
    while (recorded.length === 0) await new Promise((r) => setTimeout(r, 5));
    pending.push(...rest.map((s) => subject.submit(s)));
    await new Promise((r) => setTimeout(r, 20));
    release();
    return { results: await Promise.allSettled(pending), recorded };
  }

  it("fails only the sends the database refuses: another organization's sends in the same batch are stored and charged once (S4-8)", async () => {
    const a = await f.freshTenant(100);
    const b = await f.freshTenant(100);
    const good = (n: number) => send(b, [`668123400${10 + n}`]);
    // A NUL the contracts would refuse; here it reaches the database, as any unforeseen data error would.
    const poisoned = send(a, ["66812340099"], "poison\u0000");
    const sends = [good(1), good(2), poisoned, good(3), good(4), poisoned, good(5), good(6)];
    const { results, recorded } = await sharedBatch(sends);
    // Everything after the first send was one batch of 7, which failed as a whole and was split
    // in halves down to each poisoned send: [g2 P g3 g4] → [g2 P] → g2, P; [g3 g4]; [P g5 g6] →
    // [P g5] → P, g5; g6. The halves that stored their rows:
    expect(recorded).toEqual([1, 1, 2, 1, 1]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    for (const i of [2, 5]) {
      const reason = (results[i] as PromiseRejectedResult).reason;
      expect(pgErrorOf(reason).code).toBe(PG_ERROR.characterNotInRepertoire);
      // The error handlers answer it as the caller's 400, not a 500.
      expect(unstorableTextError(reason)?.status).toBe(400);
    }
    const answers = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(answers.map((x) => x.balance)).toEqual([99, 98, 97, 96, 95, 94]);
    // Exactly once: six sends, six messages, six debits, each send's own.
    const after = await f.footprint(b);
    expect(after).toMatchObject({ balance: 94, campaigns: 6, messages: 6 });
    const used = (
      await t.db
        .select()
        .from(schema.creditEntries)
        .where(eq(schema.creditEntries.organizationId, b.organizationId))
    ).filter((e) => e.type === "used");
    expect(used.map((e) => e.reference).sort()).toEqual(
      answers.map((x) => `campaign:${x.campaignId}`).sort(),
    );
    expect(await f.footprint(a)).toMatchObject({ balance: 100, campaigns: 0, messages: 0 });
  });

  it("does not retry a failure that is not one send's (the database gone): one transaction, every send refused", async () => {
    const a = await f.freshTenant(10);
    let calls = 0;
    const batcher = new ApiSendBatcher(deps, async () => {
      calls += 1;
      throw Object.assign(new Error("terminating connection"), { code: "57P01" });
    });
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => batcher.submit(send(a, [`6681234000${n}`]))),
    );
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    // The first send's batch and the others' batch: one attempt each, no halves.
    expect(calls).toBe(2);
    expect(await f.footprint(a)).toMatchObject({ balance: 10, campaigns: 0 });
  });

  it("queues one dispatch job for the batch, which submits every send once even when run twice", async () => {
    const a = await f.freshTenant(10);
    const batcher = new ApiSendBatcher(deps);
    const answers = await Promise.all([
      batcher.submit(send(a, ["66812340001"])),
      batcher.submit(send(a, ["66812340002", "66812340003"])),
    ]);
    // Each batch has one job (sends that arrive together share it); every send is in exactly one.
    const ids = answers.map((x) => x.campaignId);
    const payloads = (await jobsIn(t, "engine.dispatch-sends"))
      .map((job) => job.data as { campaigns: { id: number }[] })
      .filter((data) => data.campaigns.some((c) => ids.includes(c.id)));
    expect(payloads.flatMap((p) => p.campaigns.map((c) => c.id)).sort()).toEqual([...ids].sort());
    const context = jobContextOf(t);
    for (const payload of payloads) {
      await dispatchSendsJob.handler(payload as never, context);
      await dispatchSendsJob.handler(payload as never, context); // a rerun after a crash changes nothing
    }
    const messages = await t.db
      .select({ submitState: schema.messages.submitState })
      .from(schema.messages)
      .where(eq(schema.messages.organizationId, a.organizationId));
    expect(messages).toHaveLength(3);
    expect(messages.map((m) => m.submitState)).toEqual(["submitted", "submitted", "submitted"]);
    const sends = await t.db
      .select({ status: schema.campaigns.status })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.organizationId, a.organizationId));
    expect(sends.map((s) => s.status)).toEqual(["sent", "sent"]);
  });

  it("submits a batch's sends together, in one gateway call, and never resubmits a claim a crash left", async () => {
    const a = await f.freshTenant(10);
    const batcher = new ApiSendBatcher(deps);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batcher.submit(send(a, [`6681234100${n}`]))));
    const ids = answers.map((x) => x.campaignId);
    const payloads = (await jobsIn(t, "engine.dispatch-sends"))
      .map((job) => job.data as { acceptedAt: string; campaigns: { id: number }[] })
      .filter((data) => data.campaigns.some((c) => ids.includes(c.id)));
    // A run that died after claiming one send's message: its outcome is unknown.
    const [crashed] = ids;
    await t.db
      .update(schema.messages)
      .set({ submitState: "submitting" })
      .where(eq(schema.messages.campaignId, crashed ?? 0));
    const base = jobContextOf(t);
    const batches: number[] = [];
    const gateway = base.smsGateway;
    const context = {
      ...base,
      smsGateway: Object.assign(Object.create(Object.getPrototypeOf(gateway)), gateway, {
        submit: (batch: Parameters<typeof gateway.submit>[0]) => {
          batches.push(batch.length);
          return gateway.submit(batch);
        },
      }) as typeof gateway,
    };
    for (const payload of payloads) await dispatchSendsJob.handler(payload as never, context);
    // One gateway call per batch's job, not one per send (a job left with nothing to claim calls none).
    expect(batches).toEqual(
      payloads.map((p) => p.campaigns.filter((c) => c.id !== crashed).length).filter((n) => n > 0),
    );
    expect(batches.reduce((x, y) => x + y, 0)).toBe(3);
    expect(batches.some((n) => n > 1)).toBe(true);
    const messages = await t.db
      .select({ campaignId: schema.messages.campaignId, submitState: schema.messages.submitState })
      .from(schema.messages)
      .where(eq(schema.messages.organizationId, a.organizationId));
    expect(messages.map((m) => [m.campaignId === crashed, m.submitState]).sort()).toEqual([
      [false, "submitted"],
      [false, "submitted"],
      [false, "submitted"],
      [true, "unknown"],
    ]);
    const sends = await t.db
      .select({ status: schema.campaigns.status })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.organizationId, a.organizationId));
    expect(sends.map((x) => x.status)).toEqual(["sent", "sent", "sent", "sent"]);
  });
});
