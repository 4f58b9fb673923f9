import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { PGliteRemote } from "./pglite-remote.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The embedded database: on its own thread (`PGliteRemote`, the default, ADR 29) or, where a
 * script wants it, PGlite itself on the calling thread. Both answer the same calls.
 */
export type PGliteClient = PGlite | PGliteRemote;

export type DbHandle =
  | { kind: "pglite"; db: Db; pglite: PGliteClient; close: () => Promise<void> }
  | { kind: "postgres"; db: Db; pool: pg.Pool; close: () => Promise<void> };

export interface CreateDbOptions {
  /** postgres://… switches to PostgreSQL; otherwise PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps everything in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number | undefined;
  /** PGlite only: start from a data directory dumped with `dumpDataDir` (a migrated test snapshot). */
  loadDataDir?: Blob | undefined;
  /**
   * Errors of idle pooled connections (a database restart, an admin terminating sessions). Without a
   * listener node-postgres would crash the process; the pool replaces the connection on next use.
   */
  onPoolError?: ((error: Error) => void) | undefined;
  /**
   * PGlite only: `worker` (default) runs it on a thread of its own, so a long statement never blocks
   * the caller's event loop; `main` runs it on the calling thread (one-off scripts, comparisons).
   */
  pgliteThread?: "worker" | "main" | undefined;
  /** PGlite on its thread: statements holding the session at least this long go to stderr (0: off). */
  pgliteSlowMs?: number | undefined;
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on("error", options.onPoolError ?? (() => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: "postgres", db, pool, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? "./data/pglite";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const pglite: PGliteClient =
    options.pgliteThread === "main"
      ? await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined)
      : await PGliteRemote.create({
          dataDir,
          loadDataDir: options.loadDataDir,
          slowMs: options.pgliteSlowMs,
        });
  // drizzle's PGlite driver calls only query() and transaction(), which PGliteRemote answers alike.
  const db = drizzlePglite(pglite as PGlite, { schema }) as unknown as Db;
  return { kind: "pglite", db, pglite, close: () => pglite.close() };
}

/** Runs a raw SQL query on either backend; used by health checks and tooling. */
export async function rawQuery<T = Record<string, unknown>>(
  handle: DbHandle,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (handle.kind === "pglite") return (await handle.pglite.query<T>(text, params)).rows;
  return (await handle.pool.query(text, params)).rows as T[];
}
