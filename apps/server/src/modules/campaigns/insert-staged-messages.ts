import { randomBytes } from "node:crypto";
import type { Db } from "@sms/db";
import type { MessageType } from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../../platform/sql-rows.ts";
import { linkedTextSql } from "../links/index.ts";

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
}

/**
 * Moves a batch of message_staging rows (seq 1..n, COPYed) into messages with one INSERT … SELECT,
 * in the acceptance transaction; answers how many were stored and their credits.
 */
export async function insertStagedMessages(
  tx: Db,
  b: StagedBatch,
): Promise<{ kept: number; credits: number }> {
  const seq = b.suppress ? sql`row_number() over (order by s.seq)` : sql`s.seq`;
  const suppressed = b.suppress
    ? sql`and not exists (select 1 from suppressions x
                           where x.organization_id = ${b.organizationId} and x.msisdn = s.recipient)`
    : sql``;
  if (b.links) return insertLinkedMessages(tx, b, b.links, seq, suppressed);
  const [row] = await queryRows<{ kept: unknown; credits: unknown }>(
    tx,
    sql`with ins as (
      insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, text,
                            billed_parts, credits)
      select ${b.acceptedAt.toISOString()}::timestamptz, ${b.organizationId}, ${b.campaignId}, ${seq},
             ${b.type}, ${b.sender}, s.recipient, s.text, s.billed_parts, s.credits
        from message_staging s
       where s.batch_id = ${b.batchId}::uuid ${suppressed}
      returning credits
    )
    select count(*) as kept, coalesce(sum(credits), 0) as credits from ins`,
  );
  return { kept: Number(row?.kept ?? 0), credits: Number(row?.credits ?? 0) };
}

/** insertStagedMessages with tracked links: every message stores its own text, its seq after each link. */
async function insertLinkedMessages(
  tx: Db,
  b: StagedBatch,
  links: NonNullable<StagedBatch["links"]>,
  seq: SQL,
  suppressed: SQL,
): Promise<{ kept: number; credits: number }> {
  const text = linkedTextSql(
    sql`coalesce(t.text, ${links.text}::text)`,
    sql`t.seq`,
    links.prefix,
    links.codes,
  );
  const [row] = await queryRows<{ kept: unknown; credits: unknown }>(
    tx,
    sql`with ins as (
      insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, text,
                            billed_parts, credits)
      select ${b.acceptedAt.toISOString()}::timestamptz, ${b.organizationId}, ${b.campaignId}, t.seq,
             ${b.type}, ${b.sender}, t.recipient, ${text}, t.billed_parts, t.credits
        from (select ${seq} as seq, s.recipient, s.text, s.billed_parts, s.credits
                from message_staging s
               where s.batch_id = ${b.batchId}::uuid ${suppressed}) t
      returning credits
    )
    select count(*) as kept, coalesce(sum(credits), 0) as credits from ins`,
  );
  return { kept: Number(row?.kept ?? 0), credits: Number(row?.credits ?? 0) };
}

/** Removes a batch's staging rows (after the move, or when the acceptance failed). */
export async function deleteStagedMessages(db: Db, batchId: string): Promise<void> {
  await db.execute(sql`delete from message_staging where batch_id = ${batchId}::uuid`);
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
