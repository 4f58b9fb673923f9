import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGliteRemote } from "./pglite-remote.ts";
import { SliceSize } from "./slice-size.ts";

describe("SliceSize (time-boxed slices on the embedded database)", () => {
  let db: PGliteRemote;
  beforeAll(async () => {
    db = await PGliteRemote.create({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await db.close();
  });

  it("shrinks a slice that kept the session too long, and grows one that was quick", async () => {
    const slices = new SliceSize({ initial: 1000, min: 100, max: 4000, targetMs: 40 });
    // 160 ms for 1000 rows: a quarter would hit the target, but one slice moves at most halfway.
    await slices.run(() => db.query("select pg_sleep(0.16)"));
    expect(slices.size).toBe(500);
    await slices.run(() => db.query("select pg_sleep(0.16)"));
    expect(slices.size).toBe(250);
    // Quick slices grow back, at most doubling each time, never past max. Fed as measured (a
    // `select 1` on a loaded machine can take longer than the 20 ms that doubling needs).
    const grown: number[] = [];
    for (let i = 0; i < 6; i++) {
      slices.observe(slices.size, 2);
      grown.push(slices.size);
    }
    expect(grown).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    // Half the target's time: doubled, not more.
    slices.observe(1000, 20);
    expect(slices.size).toBe(2000);
    slices.observe(1000, 30);
    expect(slices.size).toBe(1333);
  });

  it("sizes by the longest call of a slice, which is what a request waits for", async () => {
    const slices = new SliceSize({ initial: 1000, min: 100, max: 4000, targetMs: 400 });
    await slices.run(async () => {
      for (let i = 0; i < 50; i++) await db.query("select pg_sleep(0.01)");
    });
    // 10 ms at the longest, under the 400 ms target: the slice grows (to 2000, doubling at most).
    // Their sum, 500 ms and more, would shrink it. The margin (390 ms of a busy machine's delay on
    // the longest call; 30 ms was not enough at a load of 10) keeps this from depending on the load.
    expect(slices.size).toBeGreaterThan(1000);
    expect(slices.size).toBeLessThanOrEqual(2000);
  });

  it("counts a transaction's whole hold of the session, the caller's pauses included", async () => {
    const slices = new SliceSize({ initial: 1000, min: 10, max: 4000, targetMs: 40 });
    await slices.run(() =>
      db.transaction(async (tx) => {
        await tx.query("select 1");
        // Work on the caller's side while the transaction keeps the session from everyone.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.query("select 2");
      }),
    );
    expect(slices.size).toBe(500);
  });

  it("lets a slice inside a slice count for both", async () => {
    const outer = new SliceSize({ initial: 1000, min: 10, max: 4000, targetMs: 40 });
    const inner = new SliceSize({ initial: 1000, min: 10, max: 4000, targetMs: 40 });
    await outer.run(() => inner.run(() => db.query("select pg_sleep(0.16)")));
    expect(inner.size).toBe(500);
    expect(outer.size).toBe(500);
  });

  it("keeps its size where nothing is measured (PostgreSQL's pool), or takes the size given for it", async () => {
    const slices = new SliceSize({ initial: 1000, min: 100, max: 4000 });
    await slices.run(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(slices.size).toBe(1000);
    const bigger = new SliceSize({ initial: 1000, unmeasured: 10_000, min: 100, max: 4000 });
    await bigger.run(async () => undefined);
    expect(bigger.size).toBe(10_000);
    // Measured (the embedded database): bounded by max as usual.
    const embedded = new SliceSize({ initial: 1000, unmeasured: 10_000, min: 100, max: 4000 });
    await embedded.run(() => db.query("select 1"));
    expect(embedded.size).toBe(2000);
  });

  it("never goes below min", () => {
    const slices = new SliceSize({ initial: 200, min: 150, max: 4000, targetMs: 40 });
    slices.observe(200, 10_000);
    expect(slices.size).toBe(150);
    expect(() => new SliceSize({ initial: 10, min: 20, max: 30 })).toThrow(RangeError);
  });
});
