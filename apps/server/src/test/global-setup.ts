import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, type DbHandle, migrate, migrationsFolder, seed } from "@sms/db";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startBoss } from "../jobs/boss.ts";
import { TEST_ADMIN } from "./test-admin.ts";

/**
 * Migrating and seeding a database (and installing pg-boss's schema) costs seconds; doing it once
 * per test file made the suite slow. This runs once per `vitest run`:
 * - PGlite: a migrated, seeded snapshot is dumped to `.tmp/test-db/<key>.tar` (uncompressed), reused across runs
 *   while the migrations, the seed and pg-boss are unchanged; each test file loads it in memory.
 * - PostgreSQL (TEST_DATABASE_URL): a template database; each test file creates its own from it.
 */

export type TestDbSource = { kind: "pglite"; snapshot: string } | { kind: "postgres"; template: string };

declare module "vitest" {
  interface ProvidedContext {
    testDb: TestDbSource;
  }
}

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;

async function prepare(handle: DbHandle): Promise<void> {
  await migrate(handle);
  await seed(handle.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
  const boss = await startBoss(handle, silent, { supervise: false });
  // pg-boss owns the pool it opened on PostgreSQL; on PGlite the caller owns the instance.
  await boss.stop({ graceful: true, timeout: 2_000, close: handle.kind === "postgres" });
}

function snapshotKey(): string {
  const hash = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, file);
    if (file.endsWith(".sql") || file.endsWith(".json")) hash.update(file).update(readFileSync(path));
  }
  for (const file of ["packages/db/src/seed.ts", "packages/db/src/create-organization.ts"]) {
    hash.update(readFileSync(join(repoRoot, file)));
  }
  hash.update(readFileSync(join(repoRoot, "node_modules/pg-boss/package.json")));
  hash.update(JSON.stringify(TEST_ADMIN));
  return hash.digest("hex").slice(0, 16);
}

async function pgliteSnapshot(): Promise<string> {
  const dir = join(repoRoot, ".tmp/test-db");
  // Uncompressed: every test file loads it, and gunzipping it cost each about 0.3 s of CPU (ADR 64).
  const file = join(dir, `${snapshotKey()}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const handle = await createDb({ dataDir: "memory://" });
  if (handle.kind !== "pglite") throw new Error("expected PGlite");
  await prepare(handle);
  const dump = await handle.pglite.dumpDataDir("none");
  await handle.close();
  // Write then rename, so a parallel run never reads half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    project.provide("testDb", { kind: "pglite", snapshot: await pgliteSnapshot() });
    return;
  }
  const template = `sms_tpl_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${template}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 2 });
  await prepare(handle);
  await handle.close();
  project.provide("testDb", { kind: "postgres", template });
  return async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`drop database if exists ${template} with (force)`);
    await c.end();
  };
}
