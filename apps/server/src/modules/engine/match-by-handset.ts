import { type Db, pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import { recordParts } from "./dispatch-chunk.ts";

/** Early receipts get this long to meet their part the normal way before the handset is tried. */
export const HANDSET_MATCH_GRACE_SECONDS = 30;
/** How far back an unknown submit may be for a report to settle it. */
const UNKNOWN_WINDOW_DAYS = 3;

/**
 * A submit whose answer was lost (the connection dropped after writing it) is `unknown`: we never
 * learnt its gateway ids, so its receipts match no part and wait in pending_receipts. When the
 * gateway says which handset a waiting report is about, and exactly one unknown message to that
 * handset (with no recorded part) could be it, the reports are taken as that message's parts, in
 * gateway-id order, and applied. Two candidates, or more reports than the message has parts, stay
 * waiting: a guess could give one message another's status. Answers how many reports were matched.
 */
export async function matchReceiptsByHandset(
  db: Db,
  graceSeconds = HANDSET_MATCH_GRACE_SECONDS,
): Promise<number> {
  return db.transaction(async (tx) => {
    const candidates = await queryRows<{
      msisdn: string;
      gateway_ids: string[];
      message_id: string | number | null;
      created_at: Date | string | null;
      wire_parts: number | null;
      messages: string | number;
    }>(
      tx,
      sql`
      with waiting as (
        select msisdn, array_agg(distinct gateway_id order by gateway_id) as gateway_ids
          from pending_receipts
         where msisdn is not null and received_at < now() - ${`${graceSeconds} seconds`}::interval
         group by msisdn
         limit 1000
      )
      select w.msisdn, w.gateway_ids, count(m.id) as messages,
             min(m.id) as message_id, min(m.created_at) as created_at, min(m.wire_parts) as wire_parts
        from waiting w
        left join messages m
          on m.recipient = w.msisdn and m.submit_state = 'unknown' and m.status = 'pending'
         and m.created_at > now() - ${`${UNKNOWN_WINDOW_DAYS} days`}::interval
         and not exists (select 1 from message_parts p where p.message_id = m.id)
       group by w.msisdn, w.gateway_ids`,
    );
    const parts: { gatewayId: string; messageId: number; part: number; parts: number; createdAt: Date }[] =
      [];
    for (const c of candidates) {
      if (Number(c.messages) !== 1 || c.message_id === null || c.created_at === null) continue;
      const total = c.wire_parts ?? 1;
      if (c.gateway_ids.length > total) continue;
      c.gateway_ids.forEach((gatewayId, i) => {
        parts.push({
          gatewayId,
          messageId: Number(c.message_id),
          part: i + 1,
          parts: total,
          createdAt: new Date(c.created_at as Date | string),
        });
      });
    }
    if (parts.length === 0) return 0;
    // The message was accepted after all: sent, until its reports (applied by recordParts) say more.
    await tx.execute(sql`
      update messages set submit_state = 'submitted'
       where id = any(${pgArray([...new Set(parts.map((p) => p.messageId))])}::bigint[]) and submit_state = 'unknown'`);
    await recordParts(tx, null, parts);
    return parts.length;
  });
}
