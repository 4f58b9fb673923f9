import { type Db, queryRows } from "@sms/db";
import { parseOptOutToken } from "@sms/domain";
import { sql } from "drizzle-orm";
import { seqOfPart } from "../links/index.ts";

/** Whom an opt-out token names: one recipient of one marketing send of one organization. */
export interface OptOutTarget {
  organizationId: number;
  campaignId: number;
  /** The sender name the message came from (what the recipient knows the organization by). */
  senderName: string;
  /** 66 form. */
  msisdn: string;
}

/**
 * The recipient a `/u/:token` names, or null: a token of another shape, an unknown code, a part that
 * names none of the send's recipients (a made-up part decodes to a seq beyond the send, except with
 * a chance of recipients / 62^8), or a message no longer kept. Every miss answers alike, so a guess
 * tells nothing. The message is read by its unique (campaign_id, seq, created_at) index.
 */
export async function findOptOutTarget(db: Db, token: string): Promise<OptOutTarget | null> {
  const parsed = parseOptOutToken(token);
  if (!parsed) return null;
  const [link] = await queryRows<{
    organization_id: unknown;
    campaign_id: unknown;
    token_key: string;
    recipients: unknown;
    accepted_at: unknown;
    sender_name: string;
  }>(
    db,
    sql`select o.organization_id, o.campaign_id, o.token_key, c.recipients, c.accepted_at, c.sender_name
          from opt_out_links o
          join campaigns c on c.id = o.campaign_id and c.organization_id = o.organization_id
         where o.code = ${parsed.code} and not c.accepting`,
  );
  if (!link) return null;
  const seq = seqOfPart(link.token_key, parsed.part);
  if (seq === null || seq < 1 || seq > Number(link.recipients)) return null;
  const acceptedAt = link.accepted_at instanceof Date ? link.accepted_at : new Date(String(link.accepted_at));
  const [message] = await queryRows<{ recipient: string }>(
    db,
    sql`select recipient from messages
         where campaign_id = ${Number(link.campaign_id)} and seq = ${seq}
           and created_at = ${acceptedAt.toISOString()}::timestamptz`,
  );
  if (!message) return null;
  return {
    organizationId: Number(link.organization_id),
    campaignId: Number(link.campaign_id),
    senderName: link.sender_name,
    msisdn: message.recipient,
  };
}
