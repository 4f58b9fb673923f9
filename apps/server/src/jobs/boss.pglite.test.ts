import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestDb } from "../test/test-app.ts";
import { startBoss } from "./boss.ts";
import { defineJob } from "./define-job.ts";
import { JobQueue } from "./job-queue.ts";

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

/** The embedded database's workers are woken by NOTIFY (ADR 124); on PostgreSQL they poll (boss.ts). */
describe("job queue on the embedded database", () => {
  let ctx: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    ctx = await createTestDb();
  });
  afterAll(() => ctx.drop());

  it("wakes a queue's worker by NOTIFY when a job is created, in a transaction or not, long before its poll (ADR 124)", async () => {
    const boss = await startBoss(ctx.db, silent);
    const handled: number[] = [];
    const handler = async ({ n }: { n: number }) => {
      handled.push(n);
    };
    const retry = { limit: 0, delaySeconds: 1, backoff: false };
    const payload = z.object({ n: z.number() });
    // Polled every 30 s: only a NOTIFY brings a job to it within the test's seconds.
    const woken = defineJob({ name: "test.woken", payload, retry, handler, pollingIntervalSeconds: 30 });
    const polled = defineJob({ name: "test.polled", payload, retry, handler, wakeByNotify: false });
    // A queue made before ADR 124: prepare() turns its NOTIFY on.
    await boss.createQueue("test.upgraded", { notify: false });
    const upgraded = defineJob({ name: "test.upgraded", payload, retry, handler });
    const jobs = new JobQueue(boss, [woken, polled, upgraded], { log: silent } as never);
    try {
      await jobs.prepare();
      expect((await boss.getQueue("test.woken"))?.notify).toBe(true);
      expect((await boss.getQueue("test.polled"))?.notify).toBe(false);
      expect((await boss.getQueue("test.upgraded"))?.notify).toBe(true);
      await jobs.work();
      // The first job may come with the worker's first fetch; after it the worker waits out its poll.
      await jobs.enqueue(woken, { n: 1 });
      await vi.waitFor(() => expect(handled).toEqual([1]), { timeout: 10_000, interval: 50 });
      const asked = Date.now();
      await jobs.enqueue(woken, { n: 2 });
      await vi.waitFor(() => expect(handled).toEqual([1, 2]), { timeout: 10_000, interval: 50 });
      // Enqueued in a transaction: the NOTIFY is sent when it commits.
      await ctx.db.db.transaction(async (tx) => {
        await jobs.enqueue(woken, { n: 3 }, { tx });
      });
      await vi.waitFor(() => expect(handled).toEqual([1, 2, 3]), { timeout: 10_000, interval: 50 });
      expect(Date.now() - asked).toBeLessThan(10_000);
    } finally {
      await boss.stop({ graceful: true, timeout: 2_000 });
    }
  });
});
