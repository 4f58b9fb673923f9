import { randomBytes } from "node:crypto";
import { createDb, type DbHandle, migrate, seed } from "@sms/db";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type BuildAppOptions, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

export const TEST_ADMIN = { email: "admin@test.local", password: "admin-pass-123" };

export interface TestContext {
  app: FastifyInstance;
  db: DbHandle;
  close: () => Promise<void>;
}

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite by default,
 * or a new PostgreSQL database when TEST_DATABASE_URL is set (dropped afterwards).
 */
export async function createTestDb(): Promise<{ db: DbHandle; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const db = await createDb({ dataDir: "memory://" });
    await migrate(db);
    await seed(db.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
    return { db, drop: () => db.close() };
  }
  const name = `sms_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await createDb({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(db);
  await seed(db.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
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

export function testConfig(overrides: NodeJS.ProcessEnv = {}) {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DATA_DIR: "/tmp/sms-test-data",
    ...overrides,
  });
}

export async function createTestApp(
  options: Partial<Omit<BuildAppOptions, "db">> & { env?: NodeJS.ProcessEnv } = {},
): Promise<TestContext> {
  const { db, drop } = await createTestDb();
  const app = await buildApp({ config: testConfig(options.env), db, logger: false, ...options });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}
