import { pgArray, queryRows } from "@sms/db";
import { countSms } from "@sms/domain";
import { sql } from "drizzle-orm";
import { dispatchCampaign } from "../modules/engine/index.ts";
import type { TestContext } from "./test-app.ts";

export interface SeededCampaign {
  id: number;
  acceptedAt: Date;
  /** Message ids in seq order. */
  messageIds: number[];
}

/**
 * A campaign stored and queued as acceptance leaves it (the engine's tests do not depend on the
 * acceptance API): the campaign row, its messages (seq 1..n), the rollups and the chunk jobs.
 */
export async function seedCampaign(
  t: TestContext,
  organizationId: number,
  recipients: readonly string[],
  options: { text?: string; acceptedAt?: Date; chunkSize?: number; purpose?: string } = {},
): Promise<SeededCampaign> {
  const text = options.text ?? "Hello from the engine test";
  const acceptedAt = options.acceptedAt ?? new Date();
  const chunkSize = options.chunkSize ?? 1000;
  const parts = countSms(text).parts;
  return t.db.transaction(async (tx) => {
    const [campaign] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into campaigns (organization_id, kind, purpose, name, sender_name, text, recipients, credits, chunk_size, accepted_at)
          values (${organizationId}, 'campaign', ${options.purpose ?? "general"}, 'Engine test', 'SMSPortal', ${text},
                  ${recipients.length}, ${recipients.length * parts}, ${chunkSize}, ${acceptedAt.toISOString()}::timestamptz)
          returning id`,
    );
    const id = Number(campaign?.id);
    const rows = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts, credits)
          select ${acceptedAt.toISOString()}::timestamptz, ${organizationId}, ${id}, n, 'campaign', 'SMSPortal', r, ${parts}, ${parts}
            from unnest(${pgArray([...recipients])}::text[]) with ordinality as u(r, n)
           order by n
          returning id`,
    );
    await dispatchCampaign(tx, t.jobs, {
      id,
      organizationId,
      acceptedAt,
      recipients: recipients.length,
      chunkSize,
    });
    return { id, acceptedAt, messageIds: rows.map((r) => Number(r.id)) };
  });
}

export interface StoredMessage {
  id: number;
  recipient: string;
  status: string;
  submit_state: string;
  state: number;
  code: string | null;
  wire_parts: number | null;
}

export async function messagesOf(t: TestContext, campaignId: number): Promise<StoredMessage[]> {
  const rows = await queryRows<StoredMessage & { id: string | number }>(
    t.db,
    sql`select id, recipient, status, submit_state, state, code, wire_parts from messages
         where campaign_id = ${campaignId} order by seq`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The daily rollups of an organization next to a live count of its messages: they must agree. */
export async function rollupsAgainstMessages(
  t: TestContext,
  organizationId: number,
): Promise<{ rollups: Record<string, number>; counted: Record<string, number> }> {
  const rollups = await queryRows<{ status: string; n: string | number }>(
    t.db,
    sql`select status, sum(messages) as n from message_daily_counts where organization_id = ${organizationId}
         group by status having sum(messages) <> 0`,
  );
  const counted = await queryRows<{ status: string; n: string | number }>(
    t.db,
    sql`select status, count(*) as n from messages where organization_id = ${organizationId} group by status`,
  );
  const toMap = (rows: { status: string; n: string | number }[]) =>
    Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]).sort());
  return { rollups: toMap(rollups), counted: toMap(counted) };
}
