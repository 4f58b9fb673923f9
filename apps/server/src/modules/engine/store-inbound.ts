import { type Db, pgArray, queryRows, type Tx } from "@sms/db";
import { autoReplyKey, isStopReply } from "@sms/domain";
import { sql } from "drizzle-orm";
import type { GatewayInbound } from "../../gateway/index.ts";
import { suppressStopRepliesSql } from "../suppressions/index.ts";
import { queueInboundDeliveriesCte } from "../webhooks/index.ts";

/**
 * How long a reply counts as a repeat of the same text from the same number to the same
 * destination (ADR 100): an SMSC sends a deliver_sm again when its answer was lost, and a gateway
 * hands over a reassembled reply again when storing it failed. A person sending the very same text
 * twice within this window is stored once (and auto-answered once).
 */
export const INBOUND_REPEAT_MINUTES = 10;

/**
 * Stores replies (ADR 100): each is threaded on the organization's last message to the number
 * before it came (that organization, send and message), a repeat within INBOUND_REPEAT_MINUTES is
 * dropped, a STOP reply suppresses the number for marketing, a reply whose whole text is one of the
 * organization's keywords is marked for its auto-reply (the inbox's loop sends it, ADR 101), and
 * each stored reply of an organization with an inbound webhook URL is queued as `message.inbound`.
 * One statement after a per-number lock (two batches holding the same repeat take turns), in the
 * caller's transaction. Answers how many were stored.
 */
export async function storeInbound(tx: Tx, batch: readonly GatewayInbound[]): Promise<number> {
  if (batch.length === 0) return 0;
  const sources = [...new Set(batch.map((m) => m.source))].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('inbound:' || s, 0))
          from unnest(${pgArray(sources)}::text[]) as s order by s`,
  );
  const rows = await queryRows<{ stored: number }>(
    tx,
    sql`
      with input as (
        select * from unnest(${pgArray(batch.map((m) => m.source))}::text[], ${pgArray(batch.map((m) => m.destination))}::text[],
                             ${pgArray(batch.map((m) => m.text))}::text[], ${pgArray(batch.map((m) => isStopReply(m.text)))}::boolean[],
                             ${pgArray(batch.map((m) => autoReplyKey(m.text)))}::text[])
          with ordinality as i(source, destination, text, is_stop, keyword_key, n)
      ),
      fresh as (
        select distinct on (i.source, i.destination, i.text) i.* from input i
         where not exists (
           select 1 from inbound_messages x
            where x.source = i.source and x.destination = i.destination and x.text = i.text
              and x.received_at > now() - make_interval(mins => ${INBOUND_REPEAT_MINUTES}))
         order by i.source, i.destination, i.text, i.n
      ),
      threaded as (
        select f.*, m.organization_id, m.campaign_id, m.id as message_id
          from fresh f
          left join lateral (
            select m.organization_id, m.campaign_id, m.id from messages m
             where m.recipient = f.source order by m.created_at desc, m.id desc limit 1) m on true
      ),
      stored as (
        insert into inbound_messages (organization_id, source, destination, text, is_stop, campaign_id, message_id,
                                      auto_reply_rule_id, auto_reply_status)
        select t.organization_id, t.source, t.destination, t.text, t.is_stop, t.campaign_id, t.message_id,
               r.id, case when r.id is not null then 'due' end
          from threaded t
          left join auto_reply_rules r
            on r.organization_id = t.organization_id and r.keyword_key = t.keyword_key and r.enabled and not t.is_stop
         order by t.n
        returning id, organization_id, source, destination, text, is_stop, campaign_id, message_id, received_at
      ),
      ${queueInboundDeliveriesCte(sql`stored`)},
      suppressed as (${suppressStopRepliesSql(sql`stored`)})
      select count(*)::int as stored from stored`,
  );
  return Number(rows[0]?.stored ?? 0);
}

/** A reply whose keyword auto-reply is due, with what sending it needs. */
export interface DueAutoReply {
  id: number;
  organizationId: number;
  /** 66 form. */
  source: string;
  reply: string;
  /** The sender of the message replied to: the conversation goes on under the same name. */
  sender: string | null;
}

/** Replies whose auto-reply is due, oldest first (ids only: each is taken in its own transaction). */
export async function dueAutoReplies(db: Db, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select id from inbound_messages where auto_reply_status = 'due' order by id limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Takes one due auto-reply for the caller's transaction (locked; another worker skips it) and
 * serialises the organization's auto-replies (its budget is counted under this lock). Null when
 * another worker has it or it is no longer due.
 */
export async function takeDueAutoReply(tx: Tx, id: number): Promise<DueAutoReply | null> {
  const [row] = await queryRows<{
    id: string | number;
    organization_id: number;
    source: string;
    reply: string | null;
    sender: string | null;
  }>(
    tx,
    sql`select i.id, i.organization_id, i.source, r.reply,
               (select m.sender from messages m where m.id = i.message_id and m.organization_id = i.organization_id
                 limit 1) as sender
          from inbound_messages i left join auto_reply_rules r on r.id = i.auto_reply_rule_id
         where i.id = ${id} and i.auto_reply_status = 'due'
           for update of i skip locked`,
  );
  if (!row) return null;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended('auto-reply:' || ${row.organization_id}::text, 0))`,
  );
  return {
    id: Number(row.id),
    organizationId: row.organization_id,
    source: row.source,
    reply: row.reply ?? "",
    sender: row.sender,
  };
}

/**
 * Auto-replies sent by the organization since `since` (its daily budget), and to one number within
 * the last `guardMinutes` (the loop guard).
 */
export async function countAutoReplies(
  tx: Tx,
  organizationId: number,
  source: string,
  since: Date,
  guardMinutes: number,
): Promise<{ today: number; toNumber: number }> {
  const [row] = await queryRows<{ today: number; to_number: number }>(
    tx,
    sql`select (count(*) filter (where received_at >= ${since.toISOString()}::timestamptz))::int as today,
               (count(*) filter (where source = ${source}
                                   and received_at > now() - make_interval(mins => ${guardMinutes})))::int as to_number
          from inbound_messages
         where organization_id = ${organizationId} and auto_reply_status = 'sent'
           and received_at >= least(${since.toISOString()}::timestamptz, now() - make_interval(mins => ${guardMinutes}))`,
  );
  return { today: Number(row?.today ?? 0), toNumber: Number(row?.to_number ?? 0) };
}

/** What became of a taken auto-reply. */
export type AutoReplyOutcome =
  | { status: "sent"; campaignId: number }
  | { status: "limited"; reason: string }
  | { status: "failed"; reason: string };

export async function recordAutoReply(tx: Tx, id: number, outcome: AutoReplyOutcome): Promise<void> {
  await tx.execute(
    sql`update inbound_messages
           set auto_reply_status = ${outcome.status},
               auto_reply_campaign_id = ${outcome.status === "sent" ? outcome.campaignId : null},
               auto_reply_error = ${outcome.status === "sent" ? null : outcome.reason}
         where id = ${id}`,
  );
}
