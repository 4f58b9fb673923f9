import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, type DbHandle } from "@sms/db";
import pg from "pg";

/** What a bench records for PostgreSQL when the server cannot be reached. */
export interface Skipped {
  skipped: string;
}

/** Runs `measure` on an on-disk PGlite (as `npm start` uses) in a temporary directory removed afterwards. */
export async function onPglite<T>(prefix: string, measure: (handle: DbHandle) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  try {
    const handle = await createDb({ dataDir: join(dir, "pglite") });
    try {
      return await measure(handle);
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `measure` on a fresh PostgreSQL database (`BENCH_DATABASE_URL`, default the local server as
 * user postgres) made for it and dropped afterwards; answers why when the server is not reachable.
 */
export async function onFreshPostgres<T>(
  name: string,
  measure: (databaseUrl: string) => Promise<T>,
): Promise<T | Skipped> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: baseUrl });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    await admin.end().catch(() => {});
    return { skipped: `PostgreSQL not reachable at ${baseUrl}: ${(error as Error).message}` };
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    return await measure(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** onFreshPostgres with the database opened as the app opens it (a pool of 10). */
export function onFreshPostgresHandle<T>(
  name: string,
  measure: (handle: DbHandle) => Promise<T>,
): Promise<T | Skipped> {
  return onFreshPostgres(name, async (databaseUrl) => {
    const handle = await createDb({ databaseUrl, poolSize: 10 });
    try {
      return await measure(handle);
    } finally {
      await handle.close();
    }
  });
}
