import { affectedRows, type Db, queryRows } from "@sms/db";
import { API_LOG_RETENTION_DAYS } from "@sms/domain";
import { sql } from "drizzle-orm";

/** Days made ahead of today, so the default partition stays empty if a run or two is missed. */
const DAYS_AHEAD = 3;
const DAY_MS = 86_400_000;
const PARTITION = /^api_request_logs_(\d{4})(\d{2})(\d{2})$/;

export interface ApiLogUpkeep {
  partitionsCreated: number;
  partitionsDropped: number;
  /** Rows older than the retention deleted from the default partition (a day nobody prepared). */
  defaultRowsDeleted: number;
}

/**
 * The request log's hourly upkeep (ADR 92): the next days' partitions, and the retention. A day's
 * partition is dropped as a whole once all of it is older than API_LOG_RETENTION_DAYS (so a call
 * stays 30 to 31 days): dropping a table costs the same whatever its rows, where a DELETE of a
 * day of calls (millions at full speed) would scan, lock and bloat. Rows the default partition
 * caught are deleted by age.
 */
export async function maintainApiLogs(db: Db, now = new Date()): Promise<ApiLogUpkeep> {
  const today = now.toISOString().slice(0, 10);
  const [made] = await queryRows<{ n: number }>(
    db,
    sql`select ensure_api_log_partitions(${today}::date - 1, ${DAYS_AHEAD + 2}) as n`,
  );
  const cutoff = new Date(now.getTime() - API_LOG_RETENTION_DAYS * DAY_MS);
  const parts = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i
          join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'api_request_logs'::regclass`,
  );
  let dropped = 0;
  for (const { name } of parts) {
    const day = PARTITION.exec(name);
    if (!day) continue;
    const end = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) + DAY_MS;
    if (end > cutoff.getTime()) continue;
    // The name matched the pattern above: digits only, safe as an identifier.
    await db.execute(sql.raw(`drop table if exists "${name}"`));
    dropped += 1;
  }
  const deleted = await db.execute(
    sql`delete from api_request_logs_default where created_at < ${cutoff.toISOString()}::timestamptz`,
  );
  return {
    partitionsCreated: Number(made?.n ?? 0),
    partitionsDropped: dropped,
    defaultRowsDeleted: affectedRows(deleted),
  };
}
