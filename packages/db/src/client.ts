import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { PGliteRemote } from "./pglite-remote.ts";
import { isInteractive } from "./priority.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * A database transaction, and only that: what `db.transaction(async (tx) => …)` hands its callback
 * (or a nested savepoint's). Writes that must commit or roll back with a business write (the credit
 * ledger, jobs enqueued for it) take a `Tx`, so passing the root `Db` is a compile error: drizzle's
 * transaction class has members (`rollback`, `setTransaction`, a protected nesting index) that the
 * root handle lacks (ADR 85). A `Tx` still goes wherever a `Db` is taken.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

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

/**
 * PostgreSQL's pool, with connections kept for requests (ADR 29's rule on PostgreSQL): a call made
 * while handling an HTTP request (runInteractive) takes a connection from this pool (half of `max`), any
 * other call (jobs, imports, exports, dispatch, receipts) from a background pool of its own, so a
 * busy engine holding every background connection never makes `/health` or a
 * customer's page wait for one. It is a `pg.Pool` (drizzle checks), and `end()` closes both.
 */
export class RequestFirstPool extends pg.Pool {
  readonly background: pg.Pool;

  constructor(connectionString: string, max: number) {
    // Requests hold a connection for a few milliseconds: half as many serve them; the background
    // keeps what it had. At most 1.5 × max connections per process.
    // Opened connections stay (no idle reaping): a new backend starts slowly on a busy server
    // (seconds under a million-row COPY), and a request should not be the one that waits for it.
    super({
      connectionString,
      max: Math.max(2, Math.ceil(max / 2)),
      idleTimeoutMillis: 0,
      allowExitOnIdle: true,
    });
    this.background = new pg.Pool({ connectionString, max });
  }

  override on(event: string, listener: (...args: never[]) => void): this {
    // pg.Pool may listen before this constructor has made the background pool.
    if (event === "error") this.background?.on(event, listener as never);
    return super.on(event as never, listener as never);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (callbacks, configs, submittables) pass through as they are.
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return isInteractive() ? (super.query as any)(...args) : (this.background.query as any)(...args);
  }

  // biome-ignore lint/suspicious/noExplicitAny: as above.
  override connect(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return isInteractive() ? (super.connect as any)(...args) : (this.background.connect as any)(...args);
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.background.end()]);
  }
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new RequestFirstPool(options.databaseUrl, options.poolSize ?? 10);
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
  return pgliteHandle(pglite, () => pglite.close());
}

/**
 * A handle on a PGlite client opened elsewhere, with its own way to close: the server tests lend one
 * database thread to file after file (ADR 122), each through a handle of its own.
 */
export function pgliteHandle(pglite: PGliteClient, close: () => Promise<void>): DbHandle {
  // drizzle's PGlite driver calls only query() and transaction(), which PGliteRemote answers alike.
  const db = drizzlePglite(pglite as PGlite, { schema }) as unknown as Db;
  return { kind: "pglite", db, pglite, close };
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
