import { randomBytes } from "node:crypto";
import { type Db, queryRows } from "@sms/db";
import type { MessageType } from "@sms/domain";
import { sql } from "drizzle-orm";
import { linkedTextSql } from "../links/index.ts";
import { type OptOutFooter, optOutFooterSql } from "../opt-outs/index.ts";

export interface StagedBatch {
  batchId: string;
  organizationId: number;
  campaignId: number;
  /** The messages' created_at (partition key), the campaign's accepted_at. */
  acceptedAt: Date;
  type: MessageType;
  sender: string;
  /** Drop numbers on the organization's suppression list (marketing); the others are numbered again 1..n. */
  suppress: boolean;
  /**
   * Tracked links: the staged texts (null: `text`) write each link `prefix + from`; each message's
   * becomes `prefix + to` and its seq (after renumbering).
   */
  links?: { prefix: string; text: string; codes: readonly { from: string; to: string }[] } | undefined;
  /**
   * The opt-out footer (ADR 93): every message stores its text (null staged: `text`) followed by
   * its own link, after the renumbering; a text personalising left empty stays empty.
   */
  optOut?: { footer: OptOutFooter; text: string } | undefined;
}

/** One slice of a batch moved by its own statement (a sliced acceptance, ADR 53). */
export interface StagedSlice {
  /** Staged seq range (after, upTo]. */
  after: number;
  upTo: number;
  /** Messages the earlier slices kept: the slice's messages are numbered from offset + 1. */
  offset: number;
}

export interface MovedMessages {
  kept: number;
  credits: number;
  /** Messages left empty by personalisation (billed_parts 0). */
  empty: number;
}

/**
 * Moves a batch of message_staging rows (seq 1..n, COPYed) into messages with one INSERT … SELECT,
 * in the acceptance transaction; answers how many were stored and their credits. With a `slice`,
 * only that seq range moves, and its staging rows are deleted by the same statement.
 */
export async function insertStagedMessages(
  tx: Db,
  b: StagedBatch,
  slice?: StagedSlice,
): Promise<MovedMessages> {
  const seq = b.suppress
    ? sql`${slice?.offset ?? 0}::bigint + row_number() over (order by s.seq)`
    : sql`s.seq`;
  const suppressed = b.suppress
    ? sql`and not exists (select 1 from suppressions x
                           where x.organization_id = ${b.organizationId} and x.msisdn = s.recipient)`
    : sql``;
  // With tracked links every message stores its own text, its seq after each link.
  const linked = b.links
    ? linkedTextSql(sql`coalesce(t.text, ${b.links.text}::text)`, sql`t.seq`, b.links.prefix, b.links.codes)
    : sql`t.text`;
  const text = b.optOut
    ? sql`(case when coalesce(t.text, ${b.optOut.text}::text) = '' then ''
             else coalesce(${linked}, ${b.optOut.text}::text) || ${optOutFooterSql(b.optOut.footer, sql`t.seq`)} end)`
    : linked;
  const rows = slice
    ? sql`with src as (
        delete from message_staging
         where batch_id = ${b.batchId}::uuid and seq > ${slice.after} and seq <= ${slice.upTo}
        returning seq, recipient, text, billed_parts, credits
      ), ins as (`
    : sql`with ins as (`;
  const from = slice ? sql`src s where true` : sql`message_staging s where s.batch_id = ${b.batchId}::uuid`;
  const [row] = await queryRows<{ kept: unknown; credits: unknown; empty: unknown }>(
    tx,
    sql`${rows}
      insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, text,
                            billed_parts, credits)
      select ${b.acceptedAt.toISOString()}::timestamptz, ${b.organizationId}, ${b.campaignId}, t.seq,
             ${b.type}, ${b.sender}, t.recipient, ${text}, t.billed_parts, t.credits
        from (select ${seq} as seq, s.recipient, s.text, s.billed_parts, s.credits
                from ${from} ${suppressed}) t
      returning credits, billed_parts
    )
    select count(*) as kept, coalesce(sum(credits), 0) as credits,
           count(*) filter (where billed_parts = 0) as empty
      from ins`,
  );
  return { kept: Number(row?.kept ?? 0), credits: Number(row?.credits ?? 0), empty: Number(row?.empty ?? 0) };
}

/**
 * Removes a batch's staging rows (after the move, or when the acceptance failed), 5,000 per
 * statement: a large batch never holds the embedded database's one session for long (ADR 53).
 */
export async function deleteStagedMessages(db: Db, batchId: string): Promise<void> {
  for (;;) {
    const [row] = await queryRows<{ n: unknown }>(
      db,
      sql`with gone as (
            delete from message_staging
             where ctid in (select ctid from message_staging where batch_id = ${batchId}::uuid limit 5000)
            returning 1
          ) select count(*) as n from gone`,
    );
    if (Number(row?.n ?? 0) < 5000) return;
  }
}

/** Staging rows older than this belong to an acceptance that died between its COPY and its transaction. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

function uuidV7(ms: number, random: Buffer): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(ms, 0, 6);
  random.copy(bytes, 6, 0, 10);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A staging batch id that sorts by creation time (UUIDv7: the first 48 bits are milliseconds), so
 * rows a crashed process left behind can be found by their id alone (message_staging has no time
 * column). Every writer of message_staging must use it.
 */
export function newStagingBatchId(now = new Date()): string {
  return uuidV7(now.getTime(), randomBytes(10));
}

/**
 * Removes batches older than an hour: an acceptance killed between its COPY and its transaction
 * (the process died; a database crash empties the UNLOGGED table by itself). Runs before each
 * file acceptance; the batch_id index makes it a short range scan when there is nothing to remove.
 */
export async function deleteAbandonedStaging(db: Db, now = new Date()): Promise<void> {
  const before = uuidV7(now.getTime() - ABANDONED_AFTER_MS, Buffer.alloc(10));
  await db.execute(sql`delete from message_staging where batch_id < ${before}::uuid`);
}
