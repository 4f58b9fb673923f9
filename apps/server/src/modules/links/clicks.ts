import type { Db } from "@sms/db";
import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/sql-rows.ts";

/** The link a short link's code names, with the number of recipients its campaign has (seqs 1..recipients). */
export interface TrackedLinkTarget {
  id: number;
  organizationId: number;
  campaignId: number;
  url: string;
  recipients: number;
}

export async function findTrackedLink(db: Db, code: string): Promise<TrackedLinkTarget | null> {
  const [row] = await queryRows<{
    id: unknown;
    organization_id: unknown;
    campaign_id: unknown;
    url: string;
    recipients: unknown;
  }>(
    db,
    sql`select t.id, t.organization_id, t.campaign_id, t.url, c.recipients
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
  };
}

export async function recordClick(db: Db, link: TrackedLinkTarget, seq: number): Promise<void> {
  await db.execute(
    sql`insert into link_clicks (link_id, organization_id, campaign_id, seq)
        values (${link.id}, ${link.organizationId}, ${link.campaignId}, ${seq})`,
  );
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
