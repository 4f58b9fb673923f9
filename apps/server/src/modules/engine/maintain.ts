import { type Db, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import { applyChanges } from "./apply-changes.ts";

/** After this long without a report, a message whose submit outcome is unknown counts as undelivered (ADR 0016). */
export const UNKNOWN_SETTLE_HOURS = 24;
/** Gateway ids are kept this long for receipts (networks retry for 12–24 h; SMSCs report within days). */
export const PART_RETENTION_DAYS = 7;

export interface MaintenanceResult {
  partitionsCreated: number;
  settled: number;
  partsPruned: number;
  pendingPruned: number;
}

/**
 * The engine's hourly upkeep: the next months' partitions of `messages`; unknown outcomes older than
 * the network's retry window become final failures (1/003, refundable), never resubmissions; gateway
 * ids and early receipts past their use are pruned so those tables stay small.
 */
export async function maintainEngine(db: Db, now = new Date()): Promise<MaintenanceResult> {
  const [made] = await queryRows<{ n: number }>(
    db,
    sql`select ensure_message_partitions((${now.toISOString()}::timestamptz at time zone 'UTC')::date, 4) as n`,
  );
  const cutoff = new Date(now.getTime() - UNKNOWN_SETTLE_HOURS * 3600_000);
  let settled = 0;
  for (;;) {
    const stale = await queryRows<{ id: string | number; created_at: Date | string }>(
      db,
      sql`select id, created_at from messages
           where submit_state in ('submitting', 'unknown') and status not in ('delivered', 'failed')
             and created_at < ${cutoff.toISOString()}::timestamptz
           limit 5000`,
    );
    if (stale.length === 0) break;
    const changed = await db.transaction((tx) =>
      applyChanges(
        tx,
        stale.map((m) => ({
          id: Number(m.id),
          createdAt: new Date(m.created_at),
          status: "failed",
          state: 1,
          code: "003",
          submitState: "unknown",
          wireParts: null,
        })),
      ),
    );
    settled += changed.length;
    if (changed.length === 0) break;
  }
  const partsCutoff = new Date(now.getTime() - PART_RETENTION_DAYS * 86_400_000).toISOString();
  const parts = await db.execute(
    sql`delete from message_parts where created_at < ${partsCutoff}::timestamptz`,
  );
  const pending = await db.execute(
    sql`delete from pending_receipts where received_at < ${partsCutoff}::timestamptz`,
  );
  return {
    partitionsCreated: Number(made?.n ?? 0),
    settled,
    partsPruned: affected(parts),
    pendingPruned: affected(pending),
  };
}

function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}
