import { type SQL, sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/** Runs a raw statement and answers its rows, on node-postgres and PGlite alike (both expose `rows`). */
export async function queryRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** Rows changed by a raw statement, on node-postgres (rowCount) and PGlite (affectedRows). */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/**
 * One array parameter (`${pgArray(ids)}::bigint[]`). Drizzle spreads a plain JS array in a `sql`
 * template into a list of parameters; this binds it as a single PostgreSQL array instead, which is
 * what `= any(…)` and `unnest(…)` take.
 */
export function pgArray(values: readonly unknown[]): SQL {
  return sql`${sql.param([...values])}`;
}
