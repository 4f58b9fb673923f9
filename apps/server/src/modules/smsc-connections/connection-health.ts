import { type Db, schema, type Tx } from "@sms/db";
import type { TSmscConnectionHealth } from "@sms/domain";
import { sql } from "drizzle-orm";
import type { ConnectionReport } from "../../gateway/registry.ts";
import { pgArray, queryRows } from "../../platform/sql-rows.ts";

/** A report older than this is not shown as the connection's health: no process is sending through it. */
export const HEALTH_FRESH_MS = 60_000;
/** Down this long (no good batch since), staff are e-mailed once. */
export const DOWN_ALERT_MS = 60_000;

/**
 * Stores what a sending process's registry saw (issue 26 point 4), one row per connection: its state,
 * since when it has been down (kept across reports until a good batch), and its traffic in the
 * report's window. A connection back up may be alerted again at its next outage.
 */
export async function recordHealth(db: Db, reports: readonly ConnectionReport[]): Promise<void> {
  if (reports.length === 0) return;
  const load = <K extends keyof NonNullable<ConnectionReport["load"]>>(key: K) =>
    pgArray(reports.map((r) => r.load?.[key] ?? null));
  await db.execute(sql`
    insert into smsc_connection_health as h
      (connection_id, state, failures, last_error, down_since, submitted, not_taken, window_ms,
       binds, bound, queued, in_flight, updated_at)
    select r.id, r.state, r.failures, r.last_error, case when r.state = 'up' then null else now() end,
           r.submitted, r.not_taken, r.window_ms, r.binds, r.bound, r.queued, r.in_flight, now()
      from unnest(${pgArray(reports.map((r) => r.connectionId))}::int[], ${pgArray(reports.map((r) => r.state))}::text[],
                  ${pgArray(reports.map((r) => r.failures))}::int[], ${pgArray(reports.map((r) => r.lastError))}::text[],
                  ${pgArray(reports.map((r) => r.submitted))}::int[], ${pgArray(reports.map((r) => r.notTaken))}::int[],
                  ${pgArray(reports.map((r) => r.windowMs))}::int[], ${load("binds")}::int[], ${load("bound")}::int[],
                  ${load("queued")}::int[], ${load("inFlight")}::int[])
           as r(id, state, failures, last_error, submitted, not_taken, window_ms, binds, bound, queued, in_flight)
     where exists (select 1 from smsc_connections c where c.id = r.id)
    on conflict (connection_id) do update set
      state = excluded.state,
      failures = excluded.failures,
      last_error = coalesce(excluded.last_error, h.last_error),
      down_since = case when excluded.state = 'up' then null else coalesce(h.down_since, now()) end,
      alerted_at = case when excluded.state = 'up' then null else h.alerted_at end,
      submitted = excluded.submitted,
      not_taken = excluded.not_taken,
      window_ms = excluded.window_ms,
      binds = excluded.binds,
      bound = excluded.bound,
      queued = excluded.queued,
      in_flight = excluded.in_flight,
      updated_at = now()`);
}

/** Each connection's last fresh report, for the back office. */
export async function healthByConnection(
  db: Db,
  now: Date = new Date(),
): Promise<Map<number, TSmscConnectionHealth>> {
  const h = schema.smscConnectionHealth;
  const rows = await db
    .select()
    .from(h)
    .where(sql`${h.updatedAt} > ${new Date(now.getTime() - HEALTH_FRESH_MS).toISOString()}::timestamptz`);
  return new Map(
    rows.map((row) => [
      row.connectionId,
      {
        state: row.state as TSmscConnectionHealth["state"],
        failures: row.failures,
        last_error: row.lastError,
        down_since: row.downSince?.toISOString() ?? null,
        per_second: row.windowMs > 0 ? Math.round((row.submitted * 1000 * 10) / row.windowMs) / 10 : 0,
        not_taken_share: row.submitted > 0 ? Math.round((row.notTaken / row.submitted) * 1000) / 1000 : 0,
        binds: row.binds === null ? null : { bound: row.bound ?? 0, configured: row.binds },
        queued: row.queued,
        in_flight: row.inFlight,
        reported_at: row.updatedAt.toISOString(),
      },
    ]),
  );
}

/**
 * The connections down for more than DOWN_ALERT_MS whose outage staff have not been told of yet,
 * marked as told in the same statement (so two checks never alert twice); `enqueue` runs in the
 * same transaction.
 */
export async function claimDownAlerts(
  db: Db,
  now: Date,
  enqueue: (
    tx: Tx,
    down: { connectionId: number; name: string; downSince: string; lastError: string | null }[],
  ) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{
      connection_id: number;
      name: string;
      down_since: Date | string;
      last_error: string | null;
    }>(
      tx,
      sql`
      update smsc_connection_health h set alerted_at = ${now.toISOString()}::timestamptz
        from smsc_connections c
       where c.id = h.connection_id and c.enabled and h.alerted_at is null and h.state <> 'up'
         and h.down_since <= ${new Date(now.getTime() - DOWN_ALERT_MS).toISOString()}::timestamptz
         and h.updated_at > ${new Date(now.getTime() - HEALTH_FRESH_MS).toISOString()}::timestamptz
      returning h.connection_id, c.name, h.down_since, h.last_error`,
    );
    const down = rows.map((r) => ({
      connectionId: r.connection_id,
      name: r.name,
      downSince: new Date(r.down_since).toISOString(),
      lastError: r.last_error,
    }));
    if (down.length > 0) await enqueue(tx, down);
    return down;
  });
}
