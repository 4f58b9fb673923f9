import { type DbHandle, rawQuery } from "@sms/db";
import { eq } from "drizzle-orm";
import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb } from "../test/test-app.ts";
import { walkByKeyset } from "./keyset.ts";

const probe = pgTable("keyset_probe", {
  id: serial("id").primaryKey(),
  label: text("label").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

async function collect<T>(walk: AsyncGenerator<T[]>): Promise<{ rows: T[]; batches: number[] }> {
  const rows: T[] = [];
  const batches: number[] = [];
  for await (const batch of walk) {
    batches.push(batch.length);
    rows.push(...batch);
  }
  return { rows, batches };
}

describe("walkByKeyset", () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  /** (created_at text, id) in walk order, as the database sees it. */
  let expected: { id: number; label: string }[];

  beforeAll(async () => {
    ({ db: handle, drop } = await createTestDb());
    await rawQuery(
      handle,
      "create table keyset_probe (id serial primary key, label text not null, created_at timestamptz not null)",
    );
    // Microseconds a JS Date cannot hold, equal timestamps, and ids out of time order.
    const times = [
      "2026-05-01 10:00:00.000003+07",
      "2026-05-01 10:00:00.000001+07",
      "2026-05-01 10:00:00.000001+07",
      "2026-05-01 10:00:00.000002+07",
      "2026-04-30 09:00:00+07",
      "2026-05-02 00:00:00+07",
      "2026-05-01 10:00:00.000001+07",
    ];
    for (const [i, time] of [...times, ...times].entries()) {
      await rawQuery(handle, "insert into keyset_probe (label, created_at) values ($1, $2::timestamptz)", [
        i % 2 === 0 ? "even" : "odd",
        time,
      ]);
    }
    expected = await rawQuery<{ id: number; label: string }>(
      handle,
      "select id, label from keyset_probe order by created_at, id",
    );
  });
  afterAll(() => drop());

  it("yields every row once, in (created_at, id) order, in batches", async () => {
    const { rows, batches } = await collect(walkByKeyset(handle.db, { table: probe, batchSize: 3 }));
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(batches).toEqual([3, 3, 3, 3, 2]);
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["createdAt", "id", "label"]);
  });

  it("stops without an empty batch when the rows fill the last batch exactly", async () => {
    const { batches } = await collect(walkByKeyset(handle.db, { table: probe, batchSize: 7 }));
    expect(batches).toEqual([7, 7]);
  });

  it("walks newest first", async () => {
    const { rows } = await collect(walkByKeyset(handle.db, { table: probe, batchSize: 4, order: "desc" }));
    expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id).reverse());
  });

  it("applies the filter to every batch", async () => {
    const { rows } = await collect(
      walkByKeyset(handle.db, { table: probe, batchSize: 2, where: eq(probe.label, "odd") }),
    );
    expect(rows.map((r) => r.id)).toEqual(expected.filter((r) => r.label === "odd").map((r) => r.id));
  });

  it("is not shifted by rows inserted behind the cursor during the walk", async () => {
    const seen: number[] = [];
    let inserted = false;
    for await (const batch of walkByKeyset(handle.db, { table: probe, batchSize: 5 })) {
      seen.push(...batch.map((r) => r.id));
      if (!inserted) {
        await rawQuery(handle, "insert into keyset_probe (label, created_at) values ('late', '2020-01-01')");
        inserted = true;
      }
    }
    expect(seen).toEqual(expected.map((r) => r.id));
    await rawQuery(handle, "delete from keyset_probe where label = 'late'");
  });

  it("refuses a batch size that could never progress", async () => {
    await expect(collect(walkByKeyset(handle.db, { table: probe, batchSize: 0 }))).rejects.toThrow(
      RangeError,
    );
  });
});
