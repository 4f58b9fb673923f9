import type { DbHandle } from "@sms/db";
import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss } from "pg-boss";

export interface StartBossOptions {
  /**
   * Run maintenance and cron scheduling (roles `all` and `worker`). Other roles start pg-boss only
   * to enqueue: they install its schema but leave supervision to the workers.
   */
  supervise: boolean;
  /** How often the supervisor retries jobs whose worker stopped sending heartbeats (seconds). */
  superviseIntervalSeconds?: number;
}

/**
 * pg-boss on the same database as the business data, so jobs can be enqueued in the same
 * transaction as the write that causes them. On PGlite it shares the single in-process connection.
 */
export async function startBoss(
  handle: DbHandle,
  log: FastifyBaseLogger,
  options: StartBossOptions = { supervise: true },
): Promise<PgBoss> {
  const common = {
    schema: "pgboss",
    supervise: options.supervise,
    schedule: options.supervise,
    // On the embedded database the processes that run handlers listen, so a NOTIFY wakes their
    // workers and an idle one polls only as a backstop (ADR 124): every poll takes PGlite's one
    // thread. On PostgreSQL they poll as before: a LISTEN through PgBouncer's transaction pooling
    // (a deployment the crash tests run) hears nothing, and an idle poll costs PostgreSQL little.
    useListenNotify: options.supervise && handle.kind === "pglite",
    ...(options.superviseIntervalSeconds
      ? { superviseIntervalSeconds: options.superviseIntervalSeconds }
      : {}),
  };
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({
          db: fromPglite(handle.pglite as Parameters<typeof fromPglite>[0]),
          backend: "pglite",
          ...common,
        })
      : new PgBoss({ connectionString: connectionStringOf(handle), max: 4, ...common });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();
  return boss;
}

function connectionStringOf(handle: Extract<DbHandle, { kind: "postgres" }>): string {
  const options = handle.pool.options as { connectionString?: string };
  if (!options.connectionString) throw new Error("pg-boss needs the DATABASE_URL connection string");
  return options.connectionString;
}
