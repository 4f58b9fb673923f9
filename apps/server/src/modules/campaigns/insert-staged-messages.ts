import type { Db } from "@sms/db";
import type { MessageType } from "@sms/domain";
import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/sql-rows.ts";

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

/** Removes a batch's staging rows (after the move, or when the acceptance failed). */
export async function deleteStagedMessages(db: Db, batchId: string): Promise<void> {
  await db.execute(sql`delete from message_staging where batch_id = ${batchId}::uuid`);
}
