import { type DbHandle, rawQuery } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { createTestDb } from "../test/test-app.ts";
import { paginate } from "./paginate.ts";

/** A table of this test only: duplicate scores and names make the tiebreaker matter. */
const probe = pgTable("paginate_probe", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  score: integer("score").notNull(),
  team: text("team").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

const ROWS = Array.from({ length: 23 }, (_, i) => ({
  name: `row-${String(i + 1).padStart(2, "0")}`,
  score: i % 4,
  team: i % 3 === 0 ? "a" : "b",
}));

const SORTABLE = { name: probe.name, score: probe.score, created_at: probe.createdAt };
const DEFAULT_SORT = { key: "name", reverse: false } as const;

describe("paginate", () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db: handle, drop } = await createTestDb());
    await rawQuery(
      handle,
      `create table paginate_probe (
        id serial primary key, name text not null, score integer not null, team text not null,
        created_at timestamptz not null default now())`,
    );
    await handle.db.insert(probe).values(ROWS);
  });
  afterAll(() => drop());

  const list = (query: {
    page: number;
    size: number;
    sort?: "name" | "score" | "created_at";
    reverse?: boolean;
  }) =>
    paginate(handle.db, {
      from: probe,
      sortable: SORTABLE,
      defaultSort: DEFAULT_SORT,
      query,
      map: (row) => ({ id: row.id, name: row.name, score: row.score }),
    });

  it("answers a page with spec §3 page_information", async () => {
    const page = await list({ page: 2, size: 10 });
    expect(page.page_information).toEqual({ page: 2, size: 10, total_pages: 3, total_item: 23, limit: 5 });
    expect(page.entities.map((e) => e.name)).toEqual(ROWS.slice(10, 20).map((r) => r.name));
  });

  it("answers an empty page past the end with the real totals", async () => {
    const page = await list({ page: 9, size: 10 });
    expect(page.entities).toEqual([]);
    expect(page.page_information).toMatchObject({ page: 9, total_pages: 3, total_item: 23 });
  });

  it("orders by the whitelisted column, ties broken by id in the same direction", async () => {
    const asc = await list({ page: 1, size: 23, sort: "score", reverse: false });
    const expectedAsc = ROWS.map((r, i) => ({ ...r, id: i + 1 })).sort(
      (a, b) => a.score - b.score || a.id - b.id,
    );
    expect(asc.entities.map((e) => e.id)).toEqual(expectedAsc.map((r) => r.id));
    const desc = await list({ page: 1, size: 23, sort: "score", reverse: true });
    expect(desc.entities.map((e) => e.id)).toEqual(expectedAsc.map((r) => r.id).reverse());
  });

  it("shows every row exactly once across pages, whatever the page size", async () => {
    for (const size of [1, 4, 7, 23, 50]) {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const result = await list({ page, size, sort: "score", reverse: true });
        seen.push(...result.entities.map((e) => e.id));
        if (page >= result.page_information.total_pages) break;
      }
      expect(seen).toHaveLength(ROWS.length);
      expect(new Set(seen).size).toBe(ROWS.length);
    }
  });

  it("uses the default sort, direction included, when the query names none", async () => {
    const page = await paginate(handle.db, {
      from: probe,
      sortable: SORTABLE,
      defaultSort: { key: "name", reverse: true },
      query: { page: 1, size: 3 },
      map: (row) => row.name,
    });
    expect(page.entities).toEqual(["row-23", "row-22", "row-21"]);
  });

  it("filters the rows and the count with the same where", async () => {
    const page = await paginate(handle.db, {
      from: probe,
      where: eq(probe.team, "a"),
      select: { id: probe.id, team: probe.team },
      sortable: SORTABLE,
      defaultSort: DEFAULT_SORT,
      query: { page: 1, size: 100 },
      map: (row) => row,
    });
    const expected = ROWS.filter((r) => r.team === "a").length;
    expect(page.page_information.total_item).toBe(expected);
    expect(page.entities).toHaveLength(expected);
    expect(page.entities.every((row) => row.team === "a" && Object.keys(row).length === 2)).toBe(true);
  });

  it("refuses a sort key outside the whitelist, even from code that skipped the query schema", async () => {
    const error = await list({ page: 1, size: 5, sort: "password" as "name" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "VALIDATION", messageKey: "validation.sort_invalid" });
    const proto = await list({ page: 1, size: 5, sort: "constructor" as "name" }).catch((e: unknown) => e);
    expect(proto).toMatchObject({ messageKey: "validation.sort_invalid" });
  });

  it("sorts by an expression as well as a column", async () => {
    const page = await paginate(handle.db, {
      from: probe,
      sortable: { name_length_then_name: sql`length(${probe.name}) * 0 + ${probe.score}` },
      defaultSort: { key: "name_length_then_name", reverse: true },
      query: { page: 1, size: 1 },
      map: (row) => row.score,
    });
    expect(page.entities).toEqual([3]);
  });
});
