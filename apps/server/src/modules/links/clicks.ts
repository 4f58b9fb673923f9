import { type Db, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";

/** The link a short link's code names, with the number of recipients its campaign has (seqs 1..recipients). */
export interface TrackedLinkTarget {
  id: number;
  organizationId: number;
  campaignId: number;
  url: string;
  recipients: number;
  /** The campaign's permutation key; null for a link made before ADR 35 (its tokens carry the seq). */
  tokenKey: string | null;
}

export async function findTrackedLink(db: Db, code: string): Promise<TrackedLinkTarget | null> {
  const [row] = await queryRows<{
    id: unknown;
    organization_id: unknown;
    campaign_id: unknown;
    url: string;
    recipients: unknown;
    token_key: string | null;
  }>(
    db,
    sql`select t.id, t.organization_id, t.campaign_id, t.url, c.recipients, t.token_key
          from tracked_links t
          join campaigns c on c.id = t.campaign_id and c.organization_id = t.organization_id
         where t.code = ${code}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    organizationId: Number(row.organization_id),
    campaignId: Number(row.campaign_id),
    url: row.url,
    recipients: Number(row.recipients),
    tokenKey: row.token_key,
  };
}

/**
 * Limits on counted clicks (ADR 35); a click over them is still redirected, just not counted.
 * - per recipient's token (link and seq, from any address): `perToken` an hour, so one holder
 *   cannot make one recipient look like many clicks;
 * - per campaign: a budget a minute of `campaignFloor` or one per `recipientsPerClick` recipients,
 *   whichever is more, so even holders of many tokens (a legacy campaign's guessable seqs) mark a
 *   list as clicked only slowly. A campaign's real readers click over hours, well under it.
 */
export const CLICK_LIMITS = { perToken: 5, campaignFloor: 30, recipientsPerClick: 100 };

export function campaignClickBudget(recipients: number): number {
  return Math.max(CLICK_LIMITS.campaignFloor, Math.ceil(recipients / CLICK_LIMITS.recipientsPerClick));
}

/**
 * Counts a click unless a limit is reached; answers whether it was counted. Two clicks at the same
 * instant may both pass a limit's last place (a read then a write): the limits bound the rate, not
 * an exact number.
 */
export async function recordClick(db: Db, link: TrackedLinkTarget, seq: number): Promise<boolean> {
  const budget = campaignClickBudget(link.recipients);
  const rows = await queryRows<{ id: unknown }>(
    db,
    sql`insert into link_clicks (link_id, organization_id, campaign_id, seq)
        select ${link.id}, ${link.organizationId}, ${link.campaignId}, ${seq}
         where (select count(*) from (select 1 from link_clicks
                                        where campaign_id = ${link.campaignId}
                                          and clicked_at > now() - interval '1 minute'
                                        limit ${budget}) recent) < ${budget}
           and (select count(*) from (select 1 from link_clicks
                                        where campaign_id = ${link.campaignId} and seq = ${seq}
                                          and link_id = ${link.id}
                                          and clicked_at > now() - interval '1 hour'
                                        limit ${CLICK_LIMITS.perToken}) mine) < ${CLICK_LIMITS.perToken}
        returning id`,
  );
  return rows.length > 0;
}

export interface CampaignClicks {
  /** The campaign's links were shortened and tracked. */
  tracksLinks: boolean;
  clicks: number;
  /** Distinct recipients (seqs) who clicked. */
  clickedRecipients: number;
}

/** A campaign's counted clicks (the caller has checked the campaign is the viewer's). */
export async function campaignClicks(db: Db, campaignId: number): Promise<CampaignClicks> {
  const [row] = await queryRows<{ tracks: boolean; clicks: unknown; clicked: unknown }>(
    db,
    sql`select exists (select 1 from tracked_links where campaign_id = ${campaignId}) as tracks,
               count(*) as clicks, count(distinct seq) as clicked
          from link_clicks where campaign_id = ${campaignId}`,
  );
  return {
    tracksLinks: Boolean(row?.tracks),
    clicks: Number(row?.clicks ?? 0),
    clickedRecipients: Number(row?.clicked ?? 0),
  };
}

/** Whether a campaign's links were shortened and tracked. */
export async function campaignTracksLinks(db: Db, campaignId: number): Promise<boolean> {
  const [row] = await queryRows<{ tracks: boolean }>(
    db,
    sql`select exists (select 1 from tracked_links where campaign_id = ${campaignId}) as tracks`,
  );
  return Boolean(row?.tracks);
}

/** Counted clicks per recipient seq of one campaign, for the given seqs (through the (campaign_id, seq) index). */
export async function clicksBySeq(
  db: Db,
  campaignId: number,
  seqs: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (seqs.length === 0) return counts;
  const rows = await queryRows<{ seq: unknown; clicks: unknown }>(
    db,
    sql`select seq, count(*) as clicks from link_clicks
         where campaign_id = ${campaignId} and seq = any(${`{${seqs.map((s) => Math.trunc(s)).join(",")}}`}::int[])
         group by seq`,
  );
  for (const row of rows) counts.set(Number(row.seq), Number(row.clicks));
  return counts;
}
