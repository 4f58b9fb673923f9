import { createHash } from "node:crypto";
import { type Db, pgArray, queryRows, type Tx } from "@sms/db";
import { sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";

/**
 * Exactly-once for submit_sm (ADR 102). SMPP carries no idempotency key and its sequence numbers
 * start again with every bind, so a message is known by what it is: the organization, source_addr,
 * destination_addr, data_coding, the whole (reassembled) text and, for a multipart message, its
 * concatenation reference and total. The same message submitted again within the dedupe window
 * (an ESME resending what it had no answer for before its bind dropped) is answered with the first
 * message's id and not charged again.
 */
export interface SubmitClaim {
  organizationId: number;
  dedupeKey: string;
  sourceAddr: string;
  destinationAddr: string;
  receipt: boolean;
  /** Set by claim() in the batch's transaction: the row that records this send. */
  claimId?: number;
}

export function dedupeKeyOf(input: {
  organizationId: number;
  sourceAddr: string;
  destinationAddr: string;
  dataCoding: number;
  text: string;
  concat: { reference: number; total: number } | null;
}): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        input.organizationId,
        input.sourceAddr,
        input.destinationAddr,
        input.dataCoding,
        input.concat ? [input.concat.reference, input.concat.total] : null,
        input.text,
      ]),
    )
    .digest("base64url");
}

/** A resubmission of a message already accepted within the window: answered with that message's id. */
export class DuplicateSubmit extends AppError {
  constructor() {
    super("CONFLICT");
  }
}

/** The message id an earlier, still-fresh claim of this key stored; null when none. */
export async function findSubmitted(
  db: Db,
  organizationId: number,
  dedupeKey: string,
  windowMs: number,
): Promise<number | null> {
  const rows = await queryRows<{ message_id: string | number | null }>(
    db,
    sql`select message_id from smpp_submissions
         where organization_id = ${organizationId} and dedupe_key = ${dedupeKey}
           and created_at >= now() - ${windowMs} * interval '1 millisecond'`,
  );
  const id = rows[0]?.message_id;
  return id === null || id === undefined ? null : Number(id);
}

/**
 * The batch's admission hook: claims each send's key in the batch's transaction. A claim past the
 * window first loses its key (its row stays, mapping that message's receipt); then the keys are
 * inserted at once, and a send whose key is already held (a concurrent batch, or an earlier send
 * of the same batch) is refused as a DuplicateSubmit, before anything of it is stored or charged.
 */
export async function claimSubmits(
  tx: Tx,
  claims: readonly SubmitClaim[],
  windowMs: number,
): Promise<(AppError | null)[]> {
  if (claims.length === 0) return [];
  const orgs = claims.map((c) => c.organizationId);
  const keys = claims.map((c) => c.dedupeKey);
  await tx.execute(sql`
    update smpp_submissions s set dedupe_key = null
      from unnest(${pgArray(orgs)}::int[], ${pgArray(keys)}::text[]) as k(org, key)
     where s.organization_id = k.org and s.dedupe_key = k.key
       and s.created_at < now() - ${windowMs} * interval '1 millisecond'`);
  const rows = await queryRows<{ id: string | number; organization_id: number; dedupe_key: string }>(
    tx,
    sql`
    insert into smpp_submissions (organization_id, dedupe_key, source_addr, destination_addr, receipt)
    select org, key, source, destination, receipt
      from unnest(
        ${pgArray(orgs)}::int[],
        ${pgArray(keys)}::text[],
        ${pgArray(claims.map((c) => c.sourceAddr))}::text[],
        ${pgArray(claims.map((c) => c.destinationAddr))}::text[],
        ${pgArray(claims.map((c) => c.receipt))}::boolean[]
      ) as u(org, key, source, destination, receipt)
     order by org, key
    on conflict (organization_id, dedupe_key) do nothing
    returning id, organization_id, dedupe_key`,
  );
  const claimed = new Map(rows.map((r) => [`${r.organization_id}\n${r.dedupe_key}`, Number(r.id)]));
  return claims.map((claim) => {
    const key = `${claim.organizationId}\n${claim.dedupeKey}`;
    const id = claimed.get(key);
    if (id === undefined) return new DuplicateSubmit();
    // The first send of the key in this batch takes the row; a second one is the duplicate.
    claimed.delete(key);
    claim.claimId = id;
    return null;
  });
}

/** Claims whose sends a later admission check refused: their keys are free again (nothing was stored). */
export async function releaseClaims(tx: Tx, claimIds: readonly number[]): Promise<void> {
  if (claimIds.length === 0) return;
  await tx.execute(sql`delete from smpp_submissions where id = any(${pgArray(claimIds)}::bigint[])`);
}

/** The batch's record hook: each claim gets its send's message, in the same transaction. */
export async function recordSubmits(
  tx: Tx,
  sends: readonly { guard: unknown; campaign: { id: number }; messages: readonly { messageId: number }[] }[],
): Promise<void> {
  const rows = sends.flatMap((s) => {
    const claim = s.guard as SubmitClaim | undefined;
    const messageId = s.messages[0]?.messageId;
    return claim?.claimId !== undefined && messageId !== undefined
      ? [{ id: claim.claimId, campaignId: s.campaign.id, messageId }]
      : [];
  });
  if (rows.length === 0) return;
  await tx.execute(sql`
    update smpp_submissions s set campaign_id = u.campaign, message_id = u.message
      from unnest(
        ${pgArray(rows.map((r) => r.id))}::bigint[],
        ${pgArray(rows.map((r) => r.campaignId))}::bigint[],
        ${pgArray(rows.map((r) => r.messageId))}::bigint[]
      ) as u(id, campaign, message)
     where s.id = u.id`);
}

/** Exactly-once records older than `keepMs`: their messages are long final. */
export async function pruneSubmissions(db: Db, keepMs: number): Promise<void> {
  await db.execute(
    sql`delete from smpp_submissions where created_at < now() - ${keepMs} * interval '1 millisecond'`,
  );
}
