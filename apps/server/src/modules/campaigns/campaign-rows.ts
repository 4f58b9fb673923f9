import { type Db, pgArray, queryRows, schema, type Tx } from "@sms/db";
import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";

/**
 * The writes of the `campaigns` table (ADR 68): this module owns it; the acceptance (`sending`),
 * the engine (a send's dispatch status) and refunds go through these. A row is one send.
 */

const c = schema.campaigns;

export type CampaignRow = typeof c.$inferSelect;
/** A send's row as the acceptance stores it (its id drawn here). */
export type NewCampaignRow = Omit<typeof c.$inferInsert, "id">;

/**
 * Stores sends' rows in one statement and answers them in the given order. One row goes through
 * drizzle's builder; several (the public API's group commit) through one INSERT … SELECT FROM
 * unnest(…): a fixed 29 array parameters whatever the rows, where the builder made 25 parameters
 * and about as many objects per row (its per-row cost was the largest share of an API request's
 * CPU, ADR 112). Each row's id is drawn in the statement, beside its place in the list, so rows are
 * matched to their sends by position, not by the order RETURNING happens to answer in.
 */
export async function insertCampaignRows(tx: Tx, rows: readonly NewCampaignRow[]): Promise<CampaignRow[]> {
  if (rows.length <= 1)
    return tx
      .insert(c)
      .values([...rows])
      .returning();
  const column = <T>(pick: (row: NewCampaignRow) => T) => pgArray(rows.map(pick));
  const time = (at: Date | null | undefined) => at?.toISOString() ?? null;
  // The columns' defaults where a row leaves them out, as the table declares them (the test
  // compares a row stored both ways).
  const stored = await queryRows<Record<string, unknown>>(
    tx,
    sql`
    with u as (
      select nextval('campaigns_id_seq') as id, u.*
        from unnest(${column((r) => r.organizationId)}::int[], ${column((r) => r.memberId ?? null)}::int[],
                    ${column((r) => r.userId ?? null)}::int[], ${column((r) => r.kind)}::text[],
                    ${column((r) => r.purpose)}::text[], ${column((r) => r.name)}::text[],
                    ${column((r) => r.senderId ?? null)}::int[], ${column((r) => r.senderName)}::text[],
                    ${column((r) => r.templateId ?? null)}::int[], ${column((r) => r.text)}::text[],
                    ${column((r) => `{${(r.groupIds ?? []).join(",")}}`)}::text[],
                    ${column((r) => r.manualContacts ?? 0)}::int[], ${column((r) => r.fileName ?? null)}::text[],
                    ${column((r) => r.recipients)}::int[], ${column((r) => r.invalidCount ?? 0)}::int[],
                    ${column((r) => r.duplicateCount ?? 0)}::int[], ${column((r) => r.suppressedCount ?? 0)}::int[],
                    ${column((r) => r.credits)}::bigint[], ${column((r) => r.refundedCredits ?? 0)}::bigint[],
                    ${column((r) => time(r.refundedAt))}::timestamptz[], ${column((r) => r.status ?? "queued")}::text[],
                    ${column((r) => r.accepting ?? false)}::boolean[], ${column((r) => r.chunkSize)}::int[],
                    ${column((r) => r.acceptedAt.toISOString())}::timestamptz[], ${column((r) => time(r.sentAt))}::timestamptz[],
                    ${column((r) => r.idempotencyKey ?? null)}::text[], ${column((r) => r.callbackUrl ?? null)}::text[],
                    ${column((r) => time(r.scheduledFor))}::timestamptz[], ${column((r) => time(r.createdAt))}::timestamptz[])
             with ordinality
             as u(organization_id, member_id, user_id, kind, purpose, name, sender_id, sender_name, template_id,
                  text, group_ids, manual_contacts, file_name, recipients, invalid_count, duplicate_count,
                  suppressed_count, credits, refunded_credits, refunded_at, status, accepting, chunk_size,
                  accepted_at, sent_at, idempotency_key, callback_url, scheduled_for, created_at, ord)
    ), stored as (
      insert into campaigns (id, organization_id, member_id, user_id, kind, purpose, name, sender_id, sender_name,
                             template_id, text, group_ids, manual_contacts, file_name, recipients, invalid_count,
                             duplicate_count, suppressed_count, credits, refunded_credits, refunded_at, status,
                             accepting, chunk_size, accepted_at, sent_at, idempotency_key, callback_url,
                             scheduled_for, created_at)
      select id, organization_id, member_id, user_id, kind, purpose, name, sender_id, sender_name, template_id,
             text, group_ids::int[], manual_contacts, file_name, recipients, invalid_count, duplicate_count,
             suppressed_count, credits, refunded_credits, refunded_at, status, accepting, chunk_size, accepted_at,
             sent_at, idempotency_key, callback_url, scheduled_for, coalesce(created_at, now())
        from u order by ord
      returning *
    )
    select stored.* from stored join u on u.id = stored.id order by u.ord`,
  );
  if (stored.length !== rows.length)
    throw new Error(`campaigns insert returned ${stored.length} of ${rows.length} rows`);
  return stored.map(campaignRowOf);
}

const COLUMNS = Object.entries(getTableColumns(c));

/** A raw `campaigns` row as drizzle's own select maps it (each column's driver value decoded). */
function campaignRowOf(raw: Record<string, unknown>): CampaignRow {
  const row: Record<string, unknown> = {};
  for (const [key, col] of COLUMNS) {
    const value = raw[col.name];
    row[key] = value === null || value === undefined ? null : col.mapFromDriverValue(value);
  }
  return row as CampaignRow;
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
export async function markSending(db: Db, ids: number | readonly number[]): Promise<void> {
  await db.execute(
    sql`update campaigns set status = 'sending'
         where id = any(${pgArray(typeof ids === "number" ? [ids] : [...ids])}::bigint[])
           and status in ('queued', 'paused')`,
  );
}

/** A debt-collection send parked for a barred window: queued or sending → paused. */
export async function markPaused(tx: Tx, id: number): Promise<void> {
  await tx.execute(
    sql`update campaigns set status = 'paused' where id = ${id} and status in ('queued', 'sending')`,
  );
}

/**
 * The sends (accepted together at `acceptedAt`) whose every message has left the queue (none queued
 * or being submitted) are sent.
 */
export async function markSentWhenDone(
  db: Db,
  ids: number | readonly number[],
  acceptedAt: string,
): Promise<void> {
  await db.execute(sql`
    update campaigns c set status = 'sent', sent_at = now()
     where c.id = any(${pgArray(typeof ids === "number" ? [ids] : [...ids])}::bigint[]) and c.status <> 'sent'
       and not exists (select 1 from messages m
                        where m.campaign_id = c.id and m.created_at = ${acceptedAt}::timestamptz
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
