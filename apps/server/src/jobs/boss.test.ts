import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../test/test-app.ts";
import { startBoss } from "./boss.ts";

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
});
