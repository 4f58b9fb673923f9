import { schema } from "@sms/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { guardPumpingBatch, type SafetyCaller } from "./safety.ts";

/**
 * The pumping guard of a batch (guardPumpingBatch, ADR 116: one upsert returning the totals) on
 * PostgreSQL, where two batches (two API processes) really overlap: a counter row neither had yet is
 * taken in turn, so together they admit no more than the threshold; a refused send counts nothing.
 * Runs only in the PostgreSQL suite (TEST_DATABASE_URL; excluded otherwise by vitest.config.ts).
 */

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;

beforeAll(async () => {
  t = await createTestApp();
  if (t.dbHandle.kind !== "postgres") throw new Error("this test needs TEST_DATABASE_URL (PostgreSQL)");
  f = sendFixtures(t);
});
afterAll(() => t?.close());

const callerOf = (organizationId: number): SafetyCaller => ({
  organizationId,
  credentialId: 1,
  // A key older than a day: only the prefix bucket counts.
  keyCreatedAt: new Date(Date.now() - 7 * 24 * 3_600_000),
  limits: { rateLimitPerSecond: 1000, pumpPrefixMax: 5, pumpFreshKeyMax: 0 },
});

const counterOf = async (organizationId: number) =>
  (
    await t.db
      .select({ bucket: schema.apiSendCounters.bucket, numbers: schema.apiSendCounters.numbers })
      .from(schema.apiSendCounters)
      .where(and(eq(schema.apiSendCounters.organizationId, organizationId)))
  ).map((r) => [r.bucket, r.numbers]);

describe("guardPumpingBatch on PostgreSQL (ADR 116)", () => {
  it("two batches adding to a counter row neither had yet admit no more than the threshold together", async () => {
    const a = await f.freshTenant(10);
    const caller = callerOf(a.organizationId);
    const four = (from: number) => ({
      organizationId: a.organizationId,
      numbers: [0, 1, 2, 3].map((i) => `6681230${String(from + i).padStart(4, "0")}`),
      guard: caller,
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstDecided = false;
    const first = t.db.transaction(async (tx) => {
      const verdicts = await guardPumpingBatch(tx, [four(0)]);
      firstDecided = true;
      await held;
      return verdicts;
    });
    while (!firstDecided) await new Promise((r) => setTimeout(r, 5));
    // The second batch's statement waits for the first's row, then sees its 4.
    const second = t.db.transaction((tx) => guardPumpingBatch(tx, [four(10)]));
    await new Promise((r) => setTimeout(r, 100));
    release();
    const [one, two] = await Promise.all([first, second]);
    expect(one).toEqual([null]);
    expect(two[0]?.code).toBe("RATE_LIMITED");
    // The refused batch's numbers were taken back: the row counts what was admitted.
    expect(await counterOf(a.organizationId)).toEqual([["prefix:6681230", 4]]);
  });

  it("decides a batch's sends in order and counts only those it lets through", async () => {
    const a = await f.freshTenant(10);
    const caller = callerOf(a.organizationId);
    const send = (numbers: string[]) => ({ organizationId: a.organizationId, numbers, guard: caller });
    const verdicts = await t.db.transaction((tx) =>
      guardPumpingBatch(tx, [
        send(["66812310001", "66812310002", "66812310003"]),
        send(["66812310004", "66812310005", "66812310006"]),
        send(["66812310007", "66812310008"]),
        send(["66899990001"]),
      ]),
    );
    expect(verdicts.map((v) => v?.code ?? null)).toEqual([null, "RATE_LIMITED", null, null]);
    expect((await counterOf(a.organizationId)).sort()).toEqual([
      ["prefix:6681231", 5],
      ["prefix:6689999", 1],
    ]);
  });
});
