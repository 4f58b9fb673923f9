import { type Db, pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";

/** A receipt to send as deliver_sm (ADR 103). */
export interface OutboxReceipt {
  id: number;
  organizationId: number;
  messageId: number;
  /** The customer's source_addr and destination_addr as it wrote them. */
  sender: string;
  recipient: string;
  status: "delivered" | "failed";
  code: string | null;
  submittedAt: Date;
  doneAt: Date;
}

/**
 * Claims up to `limit` receipts of these organizations for `holdMs` (skip locked: processes with
 * binds of the same organization share its receipts, each sent by one), oldest first. A claim
 * that lapses (the process died, the bind dropped before the answer) makes the row claimable again.
 */
export async function claimReceipts(
  db: Db,
  organizationIds: readonly number[],
  limit: number,
  holdMs: number,
): Promise<OutboxReceipt[]> {
  if (organizationIds.length === 0) return [];
  const rows = await queryRows<{
    id: string | number;
    organization_id: number;
    message_id: string | number;
    sender: string;
    recipient: string;
    status: "delivered" | "failed";
    code: string | null;
    submitted_at: Date | string;
    done_at: Date | string;
  }>(
    db,
    sql`
    update smpp_outbox o set claimed_until = now() + ${holdMs} * interval '1 millisecond', attempts = o.attempts + 1
      from (select id from smpp_outbox
             where organization_id = any(${pgArray([...organizationIds])}::int[])
               and (claimed_until is null or claimed_until < now())
             order by id
             limit ${limit}
               for update skip locked) due
     where o.id = due.id
    returning o.id, o.organization_id, o.message_id, o.sender, o.recipient, o.status, o.code, o.submitted_at, o.done_at`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      organizationId: r.organization_id,
      messageId: Number(r.message_id),
      sender: r.sender,
      recipient: r.recipient,
      status: r.status,
      code: r.code,
      submittedAt: new Date(r.submitted_at),
      doneAt: new Date(r.done_at),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Receipts the customer answered ESME_ROK: gone. */
export async function ackReceipts(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from smpp_outbox where id = any(${pgArray([...ids])}::bigint[])`);
}

/** Receipts to send again after `delayMs` (an error answer, a bind gone before it answered). */
export async function releaseReceipts(db: Db, ids: readonly number[], delayMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update smpp_outbox set claimed_until = now() + ${delayMs} * interval '1 millisecond'
         where id = any(${pgArray([...ids])}::bigint[])`,
  );
}

/** Drops receipts no bind took within the retention, and exactly-once records past their use. */
export async function pruneOutbox(db: Db, retentionMs: number): Promise<number> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`delete from smpp_outbox where created_at < now() - ${retentionMs} * interval '1 millisecond' returning id`,
  );
  return rows.length;
}
