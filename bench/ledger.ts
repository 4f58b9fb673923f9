// `npm run bench:ledger`: the credit ledger's debit rate (issue 10). 10,000 debits of one credit
// against 10 organizations, on PGlite (a data directory on disk, as `npm start` uses) and on
// PostgreSQL (a fresh database on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432;
// skipped with a note when unreachable), in two shapes:
//   - single:  one transaction per debit, 8 in flight at a time (an API send, a refund);
//   - batched: 100 debits per statement, 4 statements in flight (the message engine's chunks).
// Afterwards every balance must equal its opening credits minus its entries. Writes
// bench/results/ledger.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createOrganization, type DbHandle, migrate, schema } from "@sms/db";
import { eq, sql } from "drizzle-orm";
import { credit, debit, recordEntries } from "../apps/server/src/modules/credits/ledger.ts";
import { onFreshPostgresHandle, onPglite } from "./support/databases.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const DEBITS = Number(process.env.BENCH_LEDGER_DEBITS ?? 10_000);
const ORGANIZATIONS = 10;
const SINGLE_CONCURRENCY = 8;
const BATCH_SIZE = 100;
const BATCH_CONCURRENCY = 4;

interface ShapeResult {
  debits: number;
  seconds: number;
  debitsPerSecond: number;
  callP50Ms: number;
  callP95Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `calls` tasks with at most `concurrency` in flight; returns each call's duration. */
async function pool(calls: number, concurrency: number, task: (i: number) => Promise<unknown>) {
  const durations: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        durations.push(performance.now() - t0);
      }
    }),
  );
  return durations.sort((a, b) => a - b);
}

async function measure(
  handle: DbHandle,
  label: string,
): Promise<Record<string, ShapeResult | number | boolean>> {
  await migrate(handle);
  const db = handle.db;
  const [user] = await db
    .insert(schema.users)
    .values({
      firstName: "Bench",
      lastName: "Ledger",
      email: `bench-${label}@example.com`,
      phoneNumber: "66800000999",
      passwordHash: "x",
    })
    .returning({ id: schema.users.id });
  const orgs: { organizationId: number; memberId: number }[] = [];
  for (let i = 0; i < ORGANIZATIONS; i++) {
    const org = await createOrganization(db, { name: `Bench ${i}`, ownerId: user!.id });
    await db.transaction((tx) =>
      credit(tx, "earned", {
        organizationId: org.organizationId,
        credits: 1_000_000,
        reason: "bench",
        reference: "bench",
      }),
    );
    orgs.push(org);
  }
  const target = (i: number) => orgs[i % ORGANIZATIONS]!;

  const t0 = performance.now();
  const single = await pool(DEBITS, SINGLE_CONCURRENCY, (i) =>
    db.transaction((tx) =>
      debit(tx, { ...target(i), credits: 1, reason: "bench", reference: `single:${i}` }),
    ),
  );
  const singleSeconds = (performance.now() - t0) / 1000;

  const t1 = performance.now();
  const batches = Math.ceil(DEBITS / BATCH_SIZE);
  const batched = await pool(batches, BATCH_CONCURRENCY, (b) =>
    db.transaction((tx) =>
      recordEntries(
        tx,
        "used",
        Array.from({ length: BATCH_SIZE }, (_, k) => ({
          ...target(b * BATCH_SIZE + k),
          credits: 1,
          reason: "bench",
          reference: `batch:${b}`,
        })),
      ),
    ),
  );
  const batchedSeconds = (performance.now() - t1) / 1000;

  // Every balance is its opening credits minus what the ledger says was used.
  const rows = await db
    .select({
      id: schema.organizations.id,
      credits: schema.organizations.credits,
      sum: sql<string>`(select coalesce(sum(e.credits), 0) from credit_entries e where e.organization_id = organizations.id)`,
    })
    .from(schema.organizations)
    .where(eq(schema.organizations.ownerId, user!.id));
  const consistent = rows.every(
    (r) => Number(r.sum) === r.credits && r.credits === 1_000_000 - (2 * DEBITS) / ORGANIZATIONS,
  );

  const shape = (durations: number[], seconds: number, debits: number): ShapeResult => ({
    debits,
    seconds: Number(seconds.toFixed(2)),
    debitsPerSecond: Math.round(debits / seconds),
    callP50Ms: Number(percentile(durations, 50).toFixed(2)),
    callP95Ms: Number(percentile(durations, 95).toFixed(2)),
  });
  return {
    single: shape(single, singleSeconds, DEBITS),
    batched: shape(batched, batchedSeconds, batches * BATCH_SIZE),
    balancesConsistent: consistent,
    peakRssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  };
}

const results: Record<string, unknown> = {
  generatedAt: new Date().toISOString(),
  node: process.version,
  debits: DEBITS,
  organizations: ORGANIZATIONS,
  singleConcurrency: SINGLE_CONCURRENCY,
  batchSize: BATCH_SIZE,
  batchConcurrency: BATCH_CONCURRENCY,
};

results.pglite = await onPglite("bench-ledger", (handle) => measure(handle, "pglite"));
results.postgres = await onFreshPostgresHandle(`bench_ledger_${process.pid}`, (handle) =>
  measure(handle, "postgres"),
);

mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/ledger.json"), `${JSON.stringify(results, null, 2)}\n`);
for (const kind of ["pglite", "postgres"] as const) {
  const r = results[kind] as {
    single?: ShapeResult;
    batched?: ShapeResult;
    balancesConsistent?: boolean;
    skipped?: string;
  };
  if (r?.skipped) console.log(`${kind.padEnd(8)} skipped: ${r.skipped}`);
  else if (r?.single && r.batched) {
    console.log(
      `${kind.padEnd(8)} single ${r.single.debitsPerSecond} debits/s (p95 ${r.single.callP95Ms} ms)  batched ${r.batched.debitsPerSecond} debits/s (p95 ${r.batched.callP95Ms} ms per ${BATCH_SIZE})  consistent ${r.balancesConsistent}`,
    );
    if (!r.balancesConsistent) process.exitCode = 1;
  }
}
