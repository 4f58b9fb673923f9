import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { type Db, pgArray, queryRows, schema, type Tx } from "@sms/db";
import type { TSmscConnectionHealth } from "@sms/domain";
import { sql } from "drizzle-orm";
import type { ConnectionReport } from "../../gateway/registry.ts";

/** A report older than this is not shown as the connection's health: no process is sending through it. */
export const HEALTH_FRESH_MS = 60_000;
/** Down this long (no good batch since), staff are e-mailed once. */
export const DOWN_ALERT_MS = 60_000;

/** This process in the health reports: host, pid and a random part (a pid is reused after restarts). */
const PROCESS_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Stores what a sending process's registry saw (issue 26 point 4), per connection and process
 * (ADR 91): several worker processes send through one connection, and the last report must not
 * hide the others. Then, in the same transaction, each reported connection's row is made again
 * from every process's fresh report (HEALTH_FRESH_MS): the worst state (down, then probing), the
 * most failures in a row, the latest error, and the traffic, binds and queues summed. The traffic
 * is kept as a rate (messages in a 10-second window: each process's own window is its own). The
 * connection row keeps since when it has been down (until every process has a good batch) and
 * when staff were alerted; a connection back up may be alerted again at its next outage. Reports
 * of processes gone for a day are removed.
 */
export async function recordHealth(
  db: Db,
  reports: readonly ConnectionReport[],
  processId: string = PROCESS_ID,
): Promise<void> {
  if (reports.length === 0) return;
  const load = <K extends keyof NonNullable<ConnectionReport["load"]>>(key: K) =>
    pgArray(reports.map((r) => r.load?.[key] ?? null));
  const ids = pgArray(reports.map((r) => r.connectionId));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with gone as (
        delete from smsc_connection_health_reports where updated_at < now() - interval '1 day'
      )
      insert into smsc_connection_health_reports as h
        (connection_id, process_id, state, failures, last_error, submitted, not_taken, window_ms,
         binds, bound, queued, in_flight, updated_at)
      select r.id, ${processId}, r.state, r.failures, r.last_error, r.submitted, r.not_taken, r.window_ms,
             r.binds, r.bound, r.queued, r.in_flight, now()
        from unnest(${ids}::int[], ${pgArray(reports.map((r) => r.state))}::text[],
                    ${pgArray(reports.map((r) => r.failures))}::int[], ${pgArray(reports.map((r) => r.lastError))}::text[],
                    ${pgArray(reports.map((r) => r.submitted))}::int[], ${pgArray(reports.map((r) => r.notTaken))}::int[],
                    ${pgArray(reports.map((r) => r.windowMs))}::int[], ${load("binds")}::int[], ${load("bound")}::int[],
                    ${load("queued")}::int[], ${load("inFlight")}::int[])
             as r(id, state, failures, last_error, submitted, not_taken, window_ms, binds, bound, queued, in_flight)
       where exists (select 1 from smsc_connections c where c.id = r.id)
      on conflict (connection_id, process_id) do update set
        state = excluded.state,
        failures = excluded.failures,
        last_error = coalesce(excluded.last_error, h.last_error),
        submitted = excluded.submitted,
        not_taken = excluded.not_taken,
        window_ms = excluded.window_ms,
        binds = excluded.binds,
        bound = excluded.bound,
        queued = excluded.queued,
        in_flight = excluded.in_flight,
        updated_at = now()`);
    await tx.execute(sql`
      insert into smsc_connection_health as h
        (connection_id, state, failures, last_error, down_since, submitted, not_taken, window_ms,
         binds, bound, queued, in_flight, updated_at)
      select m.connection_id, m.state, m.failures, m.last_error,
             case when m.state = 'up' then null else now() end,
             m.submitted, m.not_taken, ${RATE_WINDOW_MS}, m.binds, m.bound, m.queued, m.in_flight, now()
        from (
          select p.connection_id,
                 case when bool_or(p.state = 'down') then 'down'
                      when bool_or(p.state = 'probing') then 'probing' else 'up' end as state,
                 max(p.failures) as failures,
                 (array_agg(p.last_error order by p.updated_at desc) filter (where p.last_error is not null))[1]
                   as last_error,
                 round(sum(p.submitted * ${RATE_WINDOW_MS}::numeric / nullif(p.window_ms, 0)))::int as submitted,
                 round(sum(p.not_taken * ${RATE_WINDOW_MS}::numeric / nullif(p.window_ms, 0)))::int as not_taken,
                 sum(p.binds)::int as binds, sum(p.bound)::int as bound,
                 sum(p.queued)::int as queued, sum(p.in_flight)::int as in_flight
            from smsc_connection_health_reports p
           where p.connection_id = any(${ids}::int[])
             and p.updated_at > now() - ${`${HEALTH_FRESH_MS} milliseconds`}::interval
           group by p.connection_id
        ) m
      on conflict (connection_id) do update set
        state = excluded.state,
        failures = excluded.failures,
        last_error = coalesce(excluded.last_error, h.last_error),
        down_since = case when excluded.state = 'up' then null else coalesce(h.down_since, now()) end,
        alerted_at = case when excluded.state = 'up' then null else h.alerted_at end,
        submitted = coalesce(excluded.submitted, 0),
        not_taken = coalesce(excluded.not_taken, 0),
        window_ms = excluded.window_ms,
        binds = excluded.binds,
        bound = excluded.bound,
        queued = excluded.queued,
        in_flight = excluded.in_flight,
        updated_at = now()`);
  });
}

/** The merged row keeps its traffic as messages per this window (a rate, whatever each process's window). */
const RATE_WINDOW_MS = 10_000;

/** Each connection's health merged from its processes' fresh reports, for the back office. */
export async function healthByConnection(
  db: Db,
  now: Date = new Date(),
): Promise<Map<number, TSmscConnectionHealth>> {
  const h = schema.smscConnectionHealth;
  const fresh = new Date(now.getTime() - HEALTH_FRESH_MS).toISOString();
  const rows = await db
    .select({
      row: h,
      // Qualified by hand: drizzle leaves a one-table query's columns bare, which the subquery would
      // read as its own.
      processes: sql<number>`(select count(*)::int from smsc_connection_health_reports p
                                 where p.connection_id = "smsc_connection_health"."connection_id"
                                   and p.updated_at > ${fresh}::timestamptz)`,
    })
    .from(h)
    .where(sql`${h.updatedAt} > ${fresh}::timestamptz`);
  return new Map(
    rows.map(({ row, processes }) => [
      row.connectionId,
      {
        processes: Number(processes),
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
