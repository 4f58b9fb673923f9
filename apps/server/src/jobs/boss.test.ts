import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createTestDb } from "../test/test-app.ts";
import { startBoss } from "./boss.ts";
import { defineJob } from "./define-job.ts";
import { JobQueue } from "./job-queue.ts";

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

describe("job queue", () => {
  let ctx: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    ctx = await createTestDb();
  });
  afterAll(() => ctx.drop());

  it("starts pg-boss on the same database and runs a job to completion", async () => {
    const boss = await startBoss(ctx.db, silent);
    try {
      await boss.createQueue("test.echo");
      const seen = new Promise<unknown>((resolve) => {
        void boss.work("test.echo", { pollingIntervalSeconds: 0.5 }, async ([job]) => {
          resolve(job?.data);
        });
      });
      const id = await boss.send("test.echo", { hello: "world" });
      expect(id).toBeTruthy();
      await expect(seen).resolves.toEqual({ hello: "world" });
    } finally {
      await boss.stop({ graceful: true, timeout: 2_000 });
    }
  });

  it("a worker whose fetch came back full fetches again at once, not at its next poll (ADR 118)", async () => {
    const boss = await startBoss(ctx.db, silent);
    const handled: number[] = [];
    // One slot, two jobs a fetch, a poll every 30 s: without the burst the slot would take the
    // first two jobs, then wait 30 s for each next two (90 s for eight).
    const burst = defineJob<{ n: number }>({
      name: "test.burst",
      payload: z.object({ n: z.number() }),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      handler: async ({ n }) => {
        handled.push(n);
      },
      batchSize: 2,
      pollingIntervalSeconds: 30,
      burstWhenBatchFull: true,
    });
    const jobs = new JobQueue(boss, [burst], { log: silent } as never);
    try {
      await jobs.prepare();
      for (let n = 1; n <= 8; n++) await jobs.enqueue(burst, { n });
      await jobs.work();
      await vi.waitFor(() => expect(handled).toHaveLength(8), { timeout: 15_000, interval: 100 });
      expect([...handled].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      await boss.stop({ graceful: true, timeout: 2_000 });
    }
  });
});
