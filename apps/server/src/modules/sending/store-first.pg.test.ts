import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { ApiSendBatcher } from "./accept-api-batch.ts";
import type { SendDeps } from "./resolve-send.ts";

/**
 * Store first, lock last (ADR 116) on PostgreSQL, where batches really overlap: two batchers (two
 * API processes) sending for one organization store their rows side by side, take the balance's
 * lock in turn, never deadlock, and store and charge every kept send exactly once, also when
 * refusals send batches back to the checked-first path while others are stored first.
 * Runs only in the PostgreSQL suite (TEST_DATABASE_URL; excluded otherwise by vitest.config.ts).
 */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let deps: SendDeps;

beforeAll(async () => {
  t = await createTestApp();
  if (t.dbHandle.kind !== "postgres") throw new Error("this test needs TEST_DATABASE_URL (PostgreSQL)");
  f = sendFixtures(t);
  deps = { db: t.db, dbHandle: t.dbHandle, jobs: t.app.jobs, chunkSize: 1000 };
});
afterAll(() => t?.close());

const number = (i: number) => `668123${String(i).padStart(5, "0")}`;

describe("store-first batches on PostgreSQL (ADR 116)", () => {
  it("stores the next batch's rows while the previous one holds the balance's lock", async () => {
    const a = await f.freshTenant(100);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const steps: string[] = [];
    const batcher = new ApiSendBatcher(
      deps,
      async (_tx, sends) => {
        steps.push(`admit ${sends.length}`);
        // The first batch holds the organization's balance row while it is admitted.
        if (steps.filter((s) => s.startsWith("admit")).length === 1) await held;
        return sends.map(() => null);
      },
      async (_tx, sends) => {
        steps.push(`record ${sends.length}`);
      },
    );
    const first = batcher.submit({
      organizationId: a.organizationId,
      numbers: [number(1)],
      message: "Hi",
      sender: a.sender,
    });
    while (!steps.includes("admit 1")) await new Promise((r) => setTimeout(r, 5));
    const second = batcher.submit({
      organizationId: a.organizationId,
      numbers: [number(2)],
      message: "Hi",
      sender: a.sender,
    });
    // The second batch stores its rows although the first holds the lock (it waits only to lock).
    const deadline = Date.now() + 10_000;
    while (steps.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(steps).toEqual(["record 1", "admit 1", "record 1"]);
    release();
    expect((await first).balance).toBe(99);
    expect((await second).balance).toBe(98);
    expect(steps).toEqual(["record 1", "admit 1", "record 1", "admit 1"]);
  });

  it("two batchers of one organization: no deadlock, every kept send stored and charged once", async () => {
    const a = await f.freshTenant(1000);
    // Every seventh number is refused: its batch goes back to the checked-first path.
    const refused = (n: string) => Number(n.slice(-5)) % 7 === 0;
    const admit = async (_tx: unknown, sends: readonly { numbers: readonly string[] }[]) =>
      sends.map((s) => (s.numbers.some(refused) ? new AppError("RATE_LIMITED") : null));
    const one = new ApiSendBatcher(deps, admit);
    const two = new ApiSendBatcher(deps, admit);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 120 }, (_, i) =>
        (i % 2 === 0 ? one : two).submit({
          organizationId: a.organizationId,
          numbers: [number(100 + i)],
          message: "Hello",
          sender: a.sender,
        }),
      ),
    );
    const kept = outcomes.filter((o) => o.status === "fulfilled");
    for (const o of outcomes)
      if (o.status === "rejected") expect((o.reason as AppError).code).toBe("RATE_LIMITED");
    const expected = Array.from({ length: 120 }, (_, i) => number(100 + i)).filter((n) => !refused(n));
    expect(kept).toHaveLength(expected.length);
    expect(await f.footprint(a)).toMatchObject({
      balance: 1000 - expected.length,
      campaigns: expected.length,
      messages: expected.length,
    });
    const used = (
      await t.db
        .select()
        .from(schema.creditEntries)
        .where(eq(schema.creditEntries.organizationId, a.organizationId))
    ).filter((e) => e.type === "used");
    expect(used).toHaveLength(expected.length);
  });
});
