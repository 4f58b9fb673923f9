import { type Db, queryRows, schema, type Tx } from "@sms/db";
import { and, eq, isNull, sql } from "drizzle-orm";

/**
 * The writes of the `campaigns` table (ADR 68): this module owns it; the acceptance (`sending`),
 * the engine (a send's dispatch status) and refunds go through these. A row is one send.
 */

const c = schema.campaigns;

export type CampaignRow = typeof c.$inferSelect;
/** A send's row as the acceptance stores it (its id drawn here). */
export type NewCampaignRow = Omit<typeof c.$inferInsert, "id">;

/**
 * Stores sends' rows in one statement and answers them in the given order. Several rows: their
 * ids are drawn first, so each row is matched to its send by position, not by the order
 * RETURNING happens to answer in.
 */
export async function insertCampaignRows(tx: Tx, rows: readonly NewCampaignRow[]): Promise<CampaignRow[]> {
  if (rows.length <= 1)
    return tx
      .insert(c)
      .values([...rows])
      .returning();
  const ids = (
    await queryRows<{ id: string | number }>(
      tx,
      sql`select nextval('campaigns_id_seq') as id from generate_series(1, ${rows.length})`,
    )
  ).map((r) => Number(r.id));
  const stored = await tx
    .insert(c)
    .values(rows.map((row, i) => ({ ...row, id: ids[i] })))
    .returning();
  const byId = new Map(stored.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new Error(`campaigns insert returned no row ${id}`);
    return row;
  });
}

/** A send's counts once its messages are stored, and the end of its `accepting`; undefined when the row is gone. */
export async function setAcceptedCounts(
  tx: Tx,
  id: number,
  counts: Pick<CampaignRow, "recipients" | "credits" | "invalidCount" | "duplicateCount" | "suppressedCount">,
): Promise<CampaignRow | undefined> {
  const [updated] = await tx
    .update(c)
    .set({ ...counts, accepting: false })
    .where(eq(c.id, id))
    .returning();
  return updated;
}

/**
 * Claims a send still being accepted for removal (recipients −1, so a publish arriving late
 * refuses it); false when it is not such a send (published, or gone).
 */
export async function claimUnpublished(db: Db, id: number): Promise<boolean> {
  const claimed = await db
    .update(c)
    .set({ recipients: -1 })
    .where(and(eq(c.id, id), eq(c.accepting, true)))
    .returning({ id: c.id });
  return claimed.length > 0;
}

/** Removes a send's row while it is still being accepted (its messages removed first). */
export async function deleteUnpublished(db: Db, id: number): Promise<void> {
  await db.delete(c).where(and(eq(c.id, id), eq(c.accepting, true)));
}

/** The engine started a send's chunks: queued or paused → sending. */
export async function markSending(db: Db, id: number): Promise<void> {
  await db.execute(
    sql`update campaigns set status = 'sending' where id = ${id} and status in ('queued', 'paused')`,
  );
}

/** A debt-collection send parked for a barred window: queued or sending → paused. */
export async function markPaused(tx: Tx, id: number): Promise<void> {
  await tx.execute(
    sql`update campaigns set status = 'paused' where id = ${id} and status in ('queued', 'sending')`,
  );
}

/** A send whose every message has left the queue (none queued or being submitted) is sent. */
export async function markSentWhenDone(db: Db, id: number, acceptedAt: string): Promise<void> {
  await db.execute(sql`
    update campaigns set status = 'sent', sent_at = now()
     where id = ${id} and status <> 'sent'
       and not exists (select 1 from messages m
                        where m.campaign_id = ${id} and m.created_at = ${acceptedAt}::timestamptz
                          and m.submit_state in ('queued', 'submitting'))`);
}

/**
 * Marks a send refunded (refunds' claim, ADR 55), once: false when it already was (a racing claim
 * won).
 */
export async function markSendRefunded(
  tx: Tx,
  campaignId: number,
  credits: number,
  at: Date,
): Promise<boolean> {
  const marked = await tx
    .update(c)
    .set({ refundedCredits: credits, refundedAt: at })
    .where(and(eq(c.id, campaignId), isNull(c.refundedAt)))
    .returning({ id: c.id });
  return marked.length > 0;
}
