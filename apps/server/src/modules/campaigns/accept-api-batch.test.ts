import { SHARED_SENDER, schema } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { jobContextOf } from "../../test/jobs.ts";
import { sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { dispatchSendsJob } from "../engine/index.ts";
import { ApiSendBatcher, type BatchedApiSend } from "./accept-api-batch.ts";
import type { SendDeps } from "./resolve-send.ts";

/** The public API's group commit (ApiSendBatcher): one transaction per batch, one answer per send. */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let deps: SendDeps;

beforeAll(async () => {
  t = await createTestApp();
  f = sendFixtures(t);
  deps = { db: t.db, jobs: t.app.jobs, chunkSize: 1000 };
});
afterAll(() => t?.close());

const send = (organizationId: number, numbers: string[], message = "Hello from the batch") => ({
  organizationId,
  numbers,
  message,
  sender: SHARED_SENDER.name,
});

describe("ApiSendBatcher", () => {
  it("writes concurrent sends in shared transactions, each with its own send, ledger entry and answer", async () => {
    const a = await f.freshTenant(100);
    const b = await f.freshTenant(100);
    const batcher = new ApiSendBatcher(deps);
    const answers = await Promise.all([
      batcher.submit(send(a.organizationId, ["66812340001"])),
      batcher.submit(send(b.organizationId, ["66812340002", "66812340003"])),
      batcher.submit(send(a.organizationId, ["66812340004"], "ข้อความภาษาไทย")),
      batcher.submit(send(a.organizationId, ["66812340005"])),
    ]);
    // Balances after each send, in arrival order per organization.
    expect(answers.map((x) => x.balance)).toEqual([99, 98, 98, 97]);
    const campaigns = await t.db.db
      .select()
      .from(schema.campaigns)
      .where(eq(schema.campaigns.organizationId, a.organizationId));
    expect(campaigns).toHaveLength(3);
    for (const c of campaigns)
      expect(c).toMatchObject({ kind: "api", recipients: 1, credits: 1, status: "queued" });
    const entries = await t.db.db
      .select()
      .from(schema.creditEntries)
      .where(eq(schema.creditEntries.organizationId, a.organizationId));
    const used = entries.filter((e) => e.type === "used");
    expect(used.map((e) => e.reference).sort()).toEqual(campaigns.map((c) => `campaign:${c.id}`).sort());
    // The answer's message ids are the stored messages.
    const second = answers[1] as BatchedApiSend;
    const stored = await t.db.db
      .select({ id: schema.messages.id, recipient: schema.messages.recipient, seq: schema.messages.seq })
      .from(schema.messages)
      .where(eq(schema.messages.campaignId, second.campaignId));
    expect(stored.sort((x, y) => x.seq - y.seq).map((m) => [m.id, m.recipient])).toEqual(
      second.messages.map((m) => [m.messageId, m.recipient]),
    );
    expect((await f.footprint(a)).balance).toBe(97);
    expect((await f.footprint(b)).balance).toBe(98);
  });

  it("refuses only the sends the balance cannot cover, in arrival order", async () => {
    const a = await f.freshTenant(3);
    const batcher = new ApiSendBatcher(deps);
    const results = await Promise.allSettled([
      batcher.submit(send(a.organizationId, ["66812340001", "66812340002"])),
      batcher.submit(send(a.organizationId, ["66812340003", "66812340004"])),
      batcher.submit(send(a.organizationId, ["66812340005"])),
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
    const batcher = new ApiSendBatcher(deps);
    const results = await Promise.allSettled([
      batcher.submit(send(a.organizationId, ["66812340001"])),
      batcher.submit({ ...send(a.organizationId, ["66812340002"]), sender: other.sender }),
      batcher.submit({ ...send(a.organizationId, ["66812340003"]), sender: a.sender }),
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
    const batcher = new ApiSendBatcher(deps, async (_tx, sends) => {
      batchSizes.push(sends.length);
      // The first batch stays before its hand-off point until the later sends have all arrived.
      if (batchSizes.length === 1) await held;
      return sends.map(() => null);
    });
    const first = batcher.submit(send(a.organizationId, ["66812340001"]));
    while (batchSizes.length === 0) await new Promise((r) => setTimeout(r, 5));
    const later = [2, 3, 4, 5, 6].map((n) => batcher.submit(send(a.organizationId, [`6681234000${n}`])));
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
      batcher.submit(send(a.organizationId, ["66812340001"])),
      batcher.submit(send(a.organizationId, ["66800000000"])),
      batcher.submit(send(a.organizationId, ["66812340002"])),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(results.flatMap((r) => (r.status === "fulfilled" ? [r.value.balance] : []))).toEqual([9, 8]);
    expect((await f.footprint(a)).balance).toBe(8);
  });

  it("rolls the whole batch back when the transaction fails, answering every send with the error", async () => {
    const a = await f.freshTenant(10);
    const batcher = new ApiSendBatcher(deps, async () => {
      throw new Error("database went away");
    });
    const results = await Promise.allSettled([
      batcher.submit(send(a.organizationId, ["66812340001"])),
      batcher.submit(send(a.organizationId, ["66812340002"])),
    ]);
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    const after = await f.footprint(a);
    expect(after).toMatchObject({ balance: 10, campaigns: 0, messages: 0 });
  });

  it("queues one dispatch job for the batch, which submits every send once even when run twice", async () => {
    const a = await f.freshTenant(10);
    const batcher = new ApiSendBatcher(deps);
    const answers = await Promise.all([
      batcher.submit(send(a.organizationId, ["66812340001"])),
      batcher.submit(send(a.organizationId, ["66812340002", "66812340003"])),
    ]);
    // Each batch has one job (sends that arrive together share it); every send is in exactly one.
    const ids = answers.map((x) => x.campaignId);
    const rows = await t.db.db.execute(
      sql`select data from pgboss.job where name = 'engine.dispatch-sends'
           and exists (select 1 from jsonb_array_elements(data->'campaigns') c where (c->>'id')::bigint = any(${`{${ids.join(",")}}`}::bigint[]))`,
    );
    const payloads = (rows as unknown as { rows: { data: { campaigns: { id: number }[] } }[] }).rows.map(
      (r) => r.data,
    );
    expect(payloads.flatMap((p) => p.campaigns.map((c) => c.id)).sort()).toEqual([...ids].sort());
    const context = jobContextOf(t);
    for (const payload of payloads) {
      await dispatchSendsJob.handler(payload as never, context);
      await dispatchSendsJob.handler(payload as never, context); // a rerun after a crash changes nothing
    }
    const messages = await t.db.db
      .select({ submitState: schema.messages.submitState })
      .from(schema.messages)
      .where(eq(schema.messages.organizationId, a.organizationId));
    expect(messages).toHaveLength(3);
    expect(messages.map((m) => m.submitState)).toEqual(["submitted", "submitted", "submitted"]);
    const sends = await t.db.db
      .select({ status: schema.campaigns.status })
      .from(schema.campaigns)
      .where(eq(schema.campaigns.organizationId, a.organizationId));
    expect(sends.map((s) => s.status)).toEqual(["sent", "sent"]);
  });
});
