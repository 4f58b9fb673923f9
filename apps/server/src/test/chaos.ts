import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createDb, createOrganization, type DbHandle, migrate, queryRows, schema, seed } from "@sms/db";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { PgBoss } from "pg-boss";
import { startBoss } from "../jobs/boss.ts";
import { JobQueue } from "../jobs/job-queue.ts";
import { credit, debit } from "../modules/credits/index.ts";
import { dispatchCampaign } from "../modules/engine/index.ts";
import { jobDefinitions } from "../modules/index.ts";
import { TEST_ADMIN } from "./test-admin.ts";

/**
 * What the crash tests (`*.chaos.ts`, run by `.ci/run` on PostgreSQL) share: a database of their own,
 * real worker processes (ROLE=worker) to kill, organizations with credit, and campaigns accepted as
 * the campaigns module accepts them.
 */

const serverMain = fileURLToPath(new URL("../main.ts", import.meta.url));
const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;
export const PER_MESSAGE = 1;

export interface ChaosDatabase {
  handle: DbHandle;
  boss: PgBoss;
  databaseUrl: string;
  dbName: string;
  drop(): Promise<void>;
}

/** A fresh, migrated and seeded database on TEST_DATABASE_URL's server. */
export async function createChaosDatabase(): Promise<ChaosDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("the crash tests need TEST_DATABASE_URL (PostgreSQL)");
  const dbName = `sms_chaos_${randomBytes(5).toString("hex")}`;
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const handle = await createDb({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(handle);
  await seed(handle.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password });
  const boss = await startBoss(handle, silent, { supervise: false });
  return {
    handle,
    boss,
    databaseUrl: url.toString(),
    dbName,
    async drop() {
      await boss.stop({ graceful: false, timeout: 1_000, close: true });
      await handle.close();
      const end = new pg.Client({ connectionString: baseUrl });
      await end.connect();
      await end.query(`drop database if exists ${dbName} with (force)`);
      await end.end();
    },
  };
}

/** A worker process on the database; `env` adds to (or overrides) the simulator defaults. */
export function startWorker(databaseUrl: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", serverMain], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      ROLE: "worker",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "error",
      JWT_SECRET: "chaos-secret-chaos-secret-chaos-secret-01",
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SIMULATOR_TPS: "800",
      SIMULATOR_RECEIPT_DELAY_MS: "300",
      ENGINE_CHUNK_SIZE: "500",
      ENGINE_SUBMIT_BATCH: "100",
      ENGINE_CONCURRENCY: "4",
      JOB_SUPERVISE_SECONDS: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

export async function scalar(chaos: ChaosDatabase, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: string | number | null }>(chaos.handle.db, query);
  return Number(row?.n ?? 0);
}

/** Reproducible "random" numbers from a seed (printed by the tests, so a failure can be replayed). */
export function seededRandom(seedValue: number): () => number {
  let state = seedValue;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

let organizations = 0;

/** An organization with `credits` earned through the ledger. */
export async function newOrganization(chaos: ChaosDatabase, credits: number): Promise<number> {
  organizations += 1;
  const { organizationId } = await chaos.handle.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(schema.users)
      .values({
        firstName: "Chaos",
        lastName: "Test",
        email: `chaos-${organizations}-${chaos.dbName}@example.com`,
        phoneNumber: `6680000${String(organizations).padStart(4, "0")}`,
        passwordHash: "x",
        roles: [1],
      })
      .returning({ id: schema.users.id });
    return createOrganization(tx, { name: "Chaos", ownerId: user?.id as number, makeDefault: true });
  });
  await chaos.handle.db.transaction((tx) =>
    credit(tx, "earned", {
      organizationId,
      credits,
      reason: "test",
      reference: `chaos:topup:${organizationId}`,
    }),
  );
  return organizationId;
}

/**
 * A campaign as the campaigns module accepts it: messages, charge, rollups and chunk jobs in one
 * transaction. Recipients are `prefix` followed by the zero-padded sequence number (11 digits).
 */
export async function acceptQueued(
  chaos: ChaosDatabase,
  organizationId: number,
  recipients: number,
  prefix: string,
): Promise<number> {
  const jobs = new JobQueue(chaos.boss, jobDefinitions, {} as never);
  await jobs.prepare();
  const acceptedAt = new Date();
  return chaos.handle.db.transaction(async (tx) => {
    const [campaign] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into campaigns (organization_id, kind, purpose, name, sender_name, text, recipients, credits, chunk_size, accepted_at)
          values (${organizationId}, 'campaign', 'general', 'Chaos', 'SMSPortal', 'Exactly once, please',
                  ${recipients}, ${recipients * PER_MESSAGE}, 500, ${acceptedAt.toISOString()}::timestamptz)
          returning id`,
    );
    const id = Number(campaign?.id);
    await tx.execute(sql`
      insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts, credits)
      select ${acceptedAt.toISOString()}::timestamptz, ${organizationId}, ${id}, n, 'campaign', 'SMSPortal',
             ${prefix} || lpad(n::text, ${11 - prefix.length}, '0'), 1, ${PER_MESSAGE}
        from generate_series(1, ${recipients}) as n`);
    await debit(tx, {
      organizationId,
      credits: recipients * PER_MESSAGE,
      reason: "ledger.campaign",
      reference: `campaign:${id}`,
    });
    await dispatchCampaign(tx, jobs, { id, organizationId, acceptedAt, recipients, chunkSize: 500 });
    return id;
  });
}

/** Polls `count` until it is 0; throws with what is still open after `limitMs`. */
export async function until(what: string, count: () => Promise<number>, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const open = await count();
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${open} still open after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Messages of the campaign still waiting for the gateway. */
export function unsent(chaos: ChaosDatabase, campaignId: number): Promise<number> {
  return scalar(
    chaos,
    sql`select count(*) as n from messages where campaign_id = ${campaignId} and submit_state in ('queued', 'submitting')`,
  );
}

/** The campaign's final statuses, e.g. { delivered: 19000, failed: 1000 }. */
export async function statusCounts(
  chaos: ChaosDatabase,
  campaignId: number,
): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: string | number }>(
    chaos.handle.db,
    sql`select status, count(*) as n from messages where campaign_id = ${campaignId} group by status`,
  );
  return Object.fromEntries(rows.map((s) => [s.status, Number(s.n)]));
}

/** What the campaign was charged, its messages' credits, the balance and the status rollups. */
export async function ledgerFigures(
  chaos: ChaosDatabase,
  organizationId: number,
  campaignId: number,
): Promise<{ charged: number; messageCredits: number; balance: number; rollups: Record<string, number> }> {
  const charged = await scalar(
    chaos,
    sql`select -sum(credits) as n from credit_entries where reference = ${`campaign:${campaignId}`}`,
  );
  const messageCredits = await scalar(
    chaos,
    sql`select sum(credits) as n from messages where campaign_id = ${campaignId}`,
  );
  const balance = await scalar(
    chaos,
    sql`select credits as n from organizations where id = ${organizationId}`,
  );
  const rollup = await queryRows<{ status: string; n: string | number }>(
    chaos.handle.db,
    sql`select status, sum(messages) as n from message_daily_counts where organization_id = ${organizationId}
           group by status having sum(messages) <> 0`,
  );
  return {
    charged,
    messageCredits,
    balance,
    rollups: Object.fromEntries(rollup.map((r) => [r.status, Number(r.n)])),
  };
}
