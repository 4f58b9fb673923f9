import { type Db, SliceSize } from "@sms/db";
import { and, asc, desc, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

export interface KeysetOptions<TTable extends PgTable> {
  table: TTable;
  /** Organization exports pass `scope.where(table, …)`; big tables also a bounded date range. */
  where?: SQL | undefined;
  /**
   * Rows per batch (one query each); 1000 by default. A SliceSize sizes each batch by what the last
   * one kept the embedded database's session (time-boxed slices, ADR 29).
   */
  batchSize?: number | SliceSize;
  /** Oldest first by default; `desc` walks newest first. */
  order?: "asc" | "desc";
  /**
   * The (key, id) order; the table's `createdAt` and `id` by default. The pair must be unique. Any
   * NOT NULL column may be the key (an export in a report's sort order); the cursor is cast back to
   * its SQL type.
   */
  time?: PgColumn;
  id?: PgColumn;
}

const CURSOR = "__keyset_time";

/**
 * Walks a table in (created_at, id) order, one batch per query, for exports and jobs. Each query
 * starts after the last row seen (`(created_at, id) > (…)`) over an index instead of skipping with
 * OFFSET, so the millionth row costs what the first did, and rows inserted meanwhile do not shift
 * the walk.
 */
export async function* walkByKeyset<TTable extends PgTable>(
  db: Db,
  { table, where, batchSize = 1000, order = "asc", ...key }: KeysetOptions<TTable>,
): AsyncGenerator<TTable["$inferSelect"][]> {
  const sizes =
    batchSize instanceof SliceSize
      ? batchSize
      : new SliceSize({ initial: batchSize, min: batchSize, max: batchSize });
  if (!Number.isInteger(sizes.size) || sizes.size < 1)
    throw new RangeError("batchSize must be a positive integer");
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const time = key.time ?? columns.createdAt;
  const id = key.id ?? columns.id;
  if (!time || !id) throw new Error("walkByKeyset needs a time and an id column");
  const idKey = keyOf(columns, id);
  const direction = order === "asc" ? asc : desc;
  const after = order === "asc" ? sql`>` : sql`<`;
  // The cursor keeps the database's own text of the key, cast back to the column's type: a JS Date
  // has milliseconds only, so a microsecond timestamp read back through Date would repeat rows.
  const type = sql.raw(time.getSQLType());
  const selection = { ...columns, [CURSOR]: sql<string>`${time}::text` };
  let cursor: { time: string; id: unknown } | null = null;
  while (true) {
    const position: SQL | undefined = cursor
      ? sql`(${time}, ${id}) ${after} (cast(${cursor.time} as ${type}), ${cursor.id})`
      : undefined;
    const [rows, limit] = await sizes.run(
      async (limit) =>
        [
          (await db
            .select(selection)
            .from(table as PgTable)
            .where(and(where, position))
            .orderBy(direction(time), direction(id))
            .limit(limit)) as Record<string, unknown>[],
          limit,
        ] as const,
    );
    if (rows.length === 0) return;
    const last = rows[rows.length - 1] as Record<string, unknown>;
    cursor = { time: String(last[CURSOR]), id: last[idKey] };
    yield rows.map(({ [CURSOR]: _, ...row }) => row as TTable["$inferSelect"]);
    if (rows.length < limit) return;
  }
}

/** The property name drizzle gives a column in a selected row. */
function keyOf(columns: Record<string, PgColumn>, column: PgColumn): string {
  const entry = Object.entries(columns).find(([, c]) => c === column);
  if (!entry) throw new Error(`Column ${column.name} is not a column of the walked table`);
  return entry[0];
}
