import type { Db } from "@sms/db";
import { sql } from "drizzle-orm";
import { pgArray, queryRows } from "../../platform/sql-rows.ts";

export interface SendKey {
  id: number;
  acceptedAt: Date;
}

/**
 * Credits of each send's finally undelivered (`failed`) messages. Every message of a send has
 * created_at = accepted_at, so each send reads one partition through the (campaign_id, seq,
 * created_at) index. Sends without a failed message are left out of the map (0).
 */
export async function failedCreditsOf(db: Db, sends: readonly SendKey[]): Promise<Map<number, number>> {
  if (sends.length === 0) return new Map();
  const rows = await queryRows<{ campaign_id: string | number; credits: string | number }>(
    db,
    sql`select m.campaign_id, sum(m.credits) as credits
          from unnest(${pgArray(sends.map((s) => s.id))}::bigint[],
                      ${pgArray(sends.map((s) => s.acceptedAt.toISOString()))}::timestamptz[]) as k(id, at)
          join messages m on m.campaign_id = k.id and m.created_at = k.at
         where m.status = 'failed'
         group by m.campaign_id`,
  );
  return new Map(rows.map((r) => [Number(r.campaign_id), Number(r.credits)]));
}

export async function failedCreditsOfSend(db: Db, send: SendKey): Promise<number> {
  return (await failedCreditsOf(db, [send])).get(send.id) ?? 0;
}
