// What the engine benches share (bench:engine, bench:gateway): the app on a database with its job
// queue, a campaign stored and queued as acceptance leaves it, and a poll that samples RSS.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type Backend = "pglite" | "postgres";

const debug = process.env.BENCH_DEBUG
  ? (...args: unknown[]) => console.error(JSON.stringify(args).slice(0, 500))
  : () => {};
export const silent = {
  error: debug,
  warn: debug,
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
} as never;

export async function openApp(backend: Backend, target: string, env: Record<string, string>) {
  const [{ createDb, migrate, seed }, { buildApp }, { loadConfig }, boss] = await Promise.all([
    import("@sms/db"),
    import("../../apps/server/src/app.ts"),
    import("../../apps/server/src/config.ts"),
    import("../../apps/server/src/jobs/boss.ts"),
  ]);
  const handle =
    backend === "pglite"
      ? await createDb({ dataDir: target })
      : await createDb({ databaseUrl: target, poolSize: 10 });
  await migrate(handle);
  await seed(handle.db, { adminEmail: "bench-admin@example.com", adminPassword: "bench12345" });
  const jobBoss = await boss.startBoss(handle, silent, { supervise: true, superviseIntervalSeconds: 5 });
  const dataDir = mkdtempSync(join(tmpdir(), "bench-engine-data-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.BENCH_DEBUG ? "warn" : "silent",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
    ADMIN_EMAIL: "bench-admin@example.com",
    ADMIN_PASSWORD: "bench12345",
    DATA_DIR: dataDir,
    ...env,
  });
  const app = await buildApp({
    config,
    dbHandle: handle,
    boss: jobBoss,
    logger: false,
    serveApi: false,
    serveWeb: false,
  });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await jobBoss.stop({ graceful: false, timeout: 1_000, close: handle.kind === "postgres" });
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Stores and queues a campaign of `count` recipients as acceptance leaves it (the accept case measures that path). */
export async function queueCampaign(
  app: Awaited<ReturnType<typeof openApp>>["app"],
  handle: Awaited<ReturnType<typeof openApp>>["handle"],
  count: number,
): Promise<{ campaignId: number; organizationId: number }> {
  const [{ createOrganization, queryRows, schema }, { sql }, engine, { approveBenchSender }] =
    await Promise.all([
      import("@sms/db"),
      import("drizzle-orm"),
      import("../../apps/server/src/modules/engine/index.ts"),
      import("./sender.ts"),
    ]);
  const [user] = await handle.db
    .insert(schema.users)
    .values({
      firstName: "Bench",
      lastName: "Engine",
      email: `bench-engine-${Date.now()}@example.com`,
      phoneNumber: `668${String(Date.now()).slice(-8)}`,
      passwordHash: "x",
      phoneNumberVerifiedAt: new Date(),
    })
    .returning({ id: schema.users.id });
  const { organizationId } = await createOrganization(handle.db, {
    name: "Bench",
    ownerId: user!.id,
    makeDefault: true,
  });
  // Stored as acceptance would leave it: under the organization's own approved sender (ADR 32).
  const sender = await approveBenchSender(handle.db, organizationId);
  const acceptedAt = new Date();
  const campaignId = await handle.db.transaction(async (tx) => {
    const [campaign] = await queryRows<{ id: number }>(
      tx,
      sql`insert into campaigns (organization_id, kind, purpose, name, sender_name, text, recipients, credits, chunk_size, accepted_at)
          values (${organizationId}, 'campaign', 'general', 'Bench', ${sender}, 'Engine bench: your order has shipped',
                  ${count}, ${count}, ${app.config.engine.chunkSize}, ${acceptedAt.toISOString()}::timestamptz)
          returning id`,
    );
    const id = Number(campaign!.id);
    await tx.execute(sql`
      insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts, credits)
      select ${acceptedAt.toISOString()}::timestamptz, ${organizationId}, ${id}, n, 'campaign', ${sender},
             '668' || lpad(n::text, 8, '0'), 1, 1
        from generate_series(1, ${count}) as n`);
    await engine.dispatchCampaign(tx, app.jobs, {
      id,
      organizationId,
      acceptedAt,
      recipients: count,
      chunkSize: app.config.engine.chunkSize,
    });
    return id;
  });
  return { campaignId, organizationId };
}

/** Polls `done` every 50 ms while sampling this process's RSS; answers seconds and peak RSS. */
export async function timed(
  done: () => Promise<boolean>,
  limitSeconds = 600,
): Promise<{ seconds: number; peakRssMb: number }> {
  const t0 = performance.now();
  let peak = process.memoryUsage.rss();
  for (;;) {
    peak = Math.max(peak, process.memoryUsage.rss());
    if (await done()) break;
    if (performance.now() - t0 > limitSeconds * 1000) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { seconds: (performance.now() - t0) / 1000, peakRssMb: Math.round(peak / 1048576) };
}

/** Imported once: each `import()` of a loaded module still goes through tsx's loader thread (a poll's cost). */
let dbModule: Promise<typeof import("@sms/db")> | null = null;

export async function countWhere(handle: { db: never } | { db: unknown }, query: unknown): Promise<number> {
  dbModule ??= import("@sms/db");
  const { queryRows } = await dbModule;
  const [row] = await queryRows<{ n: string | number }>(handle.db as never, query as never);
  return Number(row?.n ?? 0);
}
