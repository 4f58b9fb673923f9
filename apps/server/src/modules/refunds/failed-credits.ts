import { type Db, pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";

export interface SendKey {
  id: number;
  acceptedAt: Date;
}

/** What a refund of a send would give back, and what it still waits for. */
export interface SendSettlement {
  /** Credits of its finally undelivered (`failed`) messages. */
  failedCredits: number;
  /**
   * Its messages still "checking status" (`pending`: a submit whose outcome is unknown, ADR 16).
   * They become failures within 24 hours unless the network reports them; a claim waits for them
   * (ADR 55), or their credits would be forfeited by a refund that is once per send.
   */
  checking: number;
}

const SETTLED: SendSettlement = { failedCredits: 0, checking: 0 };

/**
 * Each send's failed credits and messages still checking status. Every message of a send has
 * created_at = accepted_at, so each send reads one partition through the (campaign_id, seq,
 * created_at) index. Sends with neither are left out of the map.
 */
export async function settlementsOf(db: Db, sends: readonly SendKey[]): Promise<Map<number, SendSettlement>> {
  if (sends.length === 0) return new Map();
  const rows = await queryRows<{
    campaign_id: string | number;
    credits: string | number;
    checking: string | number;
  }>(
    db,
    sql`select m.campaign_id,
               coalesce(sum(m.credits) filter (where m.status = 'failed'), 0) as credits,
               count(*) filter (where m.status = 'pending') as checking
          from unnest(${pgArray(sends.map((s) => s.id))}::bigint[],
                      ${pgArray(sends.map((s) => s.acceptedAt.toISOString()))}::timestamptz[]) as k(id, at)
          join messages m on m.campaign_id = k.id and m.created_at = k.at
         where m.status in ('failed', 'pending')
         group by m.campaign_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.campaign_id),
      { failedCredits: Number(r.credits), checking: Number(r.checking) },
    ]),
  );
}

export async function settlementOf(db: Db, send: SendKey): Promise<SendSettlement> {
  return (await settlementsOf(db, [send])).get(send.id) ?? SETTLED;
}

export { SETTLED };
