import type { DbHandle } from "@sms/db";
import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss } from "pg-boss";

/**
 * pg-boss on the same database as the business data, so jobs can be enqueued in the same
 * transaction as the write that causes them. On PGlite it shares the single in-process connection.
 */
export async function startBoss(handle: DbHandle, log: FastifyBaseLogger): Promise<PgBoss> {
  const boss =
    handle.kind === "pglite"
      ? new PgBoss({ db: fromPglite(handle.pglite), backend: "pglite", schema: "pgboss" })
      : new PgBoss({ connectionString: connectionStringOf(handle), schema: "pgboss", max: 4 });
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  await boss.start();
  return boss;
}

function connectionStringOf(handle: Extract<DbHandle, { kind: "postgres" }>): string {
  const options = handle.pool.options as { connectionString?: string };
  if (!options.connectionString) throw new Error("pg-boss needs the DATABASE_URL connection string");
  return options.connectionString;
}
