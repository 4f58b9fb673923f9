import { type Db, schema, type Tx } from "@sms/db";
import { senderInactivityCutoffs } from "@sms/domain";
import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { SENDER_INACTIVE_REASON_KEY } from "./present-sender.ts";

export interface InactiveSender {
  id: number;
  name: string;
  organizationId: number;
  /** The last send, or the approval when it never sent. */
  lastActivity: Date;
}

export interface SenderInactivityResult {
  warned: InactiveSender[];
  cancelled: InactiveSender[];
}

const t = schema.senders;
/** The approval counts as the last use of a sender that never sent; created_at only backs up rows without a decision. */
const lastActivity = sql<Date>`coalesce(${t.lastUsedAt}, ${t.decidedAt}, ${t.createdAt})`;
const returned = {
  id: t.id,
  name: t.name,
  organizationId: t.organizationId,
  lastActivity: lastActivity.mapWith(t.createdAt),
};

/**
 * Terms §13 as two set-based statements (never row by row): approved senders unused for a year
 * whose warning is a month old are cancelled with the inactivity reason; those unused for 11
 * months and not warned yet are marked warned. Each statement changes a row once (the status or
 * the mark changes with it), so a second run, or two workers at once, find nothing left to do. The
 * shared default sender has no organization and is exempt.
 */
export async function checkSenderInactivity(
  db: Db,
  now = new Date(),
  /** Runs in the same transaction with what was marked: the mails are enqueued with their marks. */
  onMarked?: (tx: Tx, result: SenderInactivityResult) => Promise<void>,
): Promise<SenderInactivityResult> {
  const cutoffs = senderInactivityCutoffs(now);
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .update(t)
      .set({
        status: "cancelled",
        decisionReason: SENDER_INACTIVE_REASON_KEY,
        decidedBy: null,
        decidedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(t.status, "approved"),
          isNotNull(t.organizationId),
          lte(lastActivity, cutoffs.cancelUsedBefore),
          lte(t.inactivityWarnedAt, cutoffs.cancelWarnedBefore),
        ),
      )
      .returning(returned);
    const warned = await tx
      .update(t)
      .set({ inactivityWarnedAt: now, updatedAt: now })
      .where(
        and(
          eq(t.status, "approved"),
          isNotNull(t.organizationId),
          isNull(t.inactivityWarnedAt),
          lte(lastActivity, cutoffs.warnUsedBefore),
        ),
      )
      .returning(returned);
    const withOrganization = (rows: typeof cancelled) =>
      rows.flatMap((r) => (r.organizationId === null ? [] : [{ ...r, organizationId: r.organizationId }]));
    const result = { warned: withOrganization(warned), cancelled: withOrganization(cancelled) };
    await onMarked?.(tx, result);
    return result;
  });
}
