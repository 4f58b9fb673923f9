import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createDb, type Db, type DbHandle, migrate, seed } from "@sms/db";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { PgBoss } from "pg-boss";
import { inject } from "vitest";
import { type BuildAppOptions, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { startBoss } from "../jobs/boss.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { TEST_HEAVY_WORK_NICE, testHeavyWork } from "./heavy-work.ts";
import { borrowTestDb } from "./pglite-lender.ts";
import { TEST_ADMIN } from "./test-admin.ts";

export { TEST_ADMIN };

/** Named as the app's deps are (ADR 109): `db` to query, `dbHandle` the connection behind it. */
export interface TestContext {
  app: FastifyInstance;
  /** The test database, to query: `t.db.select()…`. */
  db: Db;
  /** Its connection (`kind`, a pool), for what takes the handle: `sendDeps`, `startBoss`. */
  dbHandle: DbHandle;
  /** The app's job queue; `t.jobs.drain()` runs what requests enqueued. */
  jobs: JobQueue;
  close: () => Promise<void>;
}

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

/** Snapshots are read once per worker and shared by the files it runs. */
let snapshot: Buffer | undefined;

/**
 * A fresh, migrated and seeded database for one test file, from the run's snapshot (see
 * global-setup.ts): in-memory PGlite by default, or a new PostgreSQL database made from the
 * template when TEST_DATABASE_URL is set (dropped afterwards).
 */
export async function createTestDb(): Promise<{ db: DbHandle; drop: () => Promise<void> }> {
  const source = inject("testDb");
  if (!source) return freshTestDb();
  if (source.kind === "pglite") {
    const db = await borrowTestDb(() => {
      snapshot ??= readFileSync(source.snapshot);
      return new Blob([snapshot]);
    });
    return { db, drop: () => db.close() };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL disappeared");
  const name = `sms_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${source.template}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Without the global setup (a test run outside the server project): migrate in memory. */
async function freshTestDb(): Promise<{ db: DbHandle; drop: () => Promise<void> }> {
  const db = await createDb({ dataDir: "memory://" });
  await migrate(db);
  await seed(db.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
  return { db, drop: () => db.close() };
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}) {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    API_KEY_PEPPER: "test-pepper-test-pepper-test-pepper-0123",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DATA_DIR: "/tmp/sms-test-data",
    HEAVY_WORK_NICE: String(TEST_HEAVY_WORK_NICE),
    ...overrides,
  });
}

/**
 * The app on a fresh test database, with pg-boss started for enqueueing as in ROLE=api: requests
 * enqueue jobs, and tests run them deterministically with `t.jobs.drain()`.
 */
export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, "dbHandle">> & {
    env?: NodeJS.ProcessEnv;
    /** Test-only routes (probes of a guard or helper), registered before the app is ready. */
    routes?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestContext> {
  const { db, drop } = await createTestDb();
  const boss: PgBoss = await startBoss(db, silent, { supervise: false });
  const { env, routes, ...rest } = options;
  // As main.ts configures it from the config: the tests' priority (ADR 120).
  testHeavyWork();
  const app = await buildApp({ config: testConfig(env), dbHandle: db, boss, logger: false, ...rest });
  routes?.(app);
  await app.ready();
  return {
    app,
    db: db.db,
    dbHandle: db,
    jobs: app.jobs,
    close: async () => {
      await app.close();
      await boss.stop({ graceful: false, timeout: 1_000, close: db.kind === "postgres" });
      await drop();
    },
  };
}
