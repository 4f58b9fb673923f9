import { MESSAGE_STATUSES, type TCampaignSummary } from "@sms/domain";
import { sql } from "drizzle-orm";
import { queryRows } from "../../platform/sql-rows.ts";
import { campaignClicks } from "../links/index.ts";
import { findCampaign } from "./find-campaign.ts";
import type { ReportViewer } from "./reports.ts";

type Status = (typeof MESSAGE_STATUSES)[number];

/**
 * GET /c/campaigns/{id}/summary: the send's messages and their credits by status. Every message of
 * a send has created_at = accepted_at, so the count reads one partition through the
 * (campaign_id, seq, created_at) index. With tracked links, their counted clicks and the recipients
 * who clicked.
 */
export async function getCampaignSummary(viewer: ReportViewer, id: number): Promise<TCampaignSummary> {
  const campaign = await findCampaign(viewer, id);
  const rows = await queryRows<{ status: Status; messages: unknown; credits: unknown }>(
    viewer.scope.db,
    sql`select status, count(*) as messages, coalesce(sum(credits), 0) as credits
          from messages
         where campaign_id = ${campaign.id} and created_at = ${campaign.acceptedAt.toISOString()}::timestamptz
         group by status`,
  );
  const zero = () => Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  const messages = zero();
  const statusCredits = zero();
  for (const row of rows) {
    messages[row.status] = Number(row.messages);
    statusCredits[row.status] = Number(row.credits);
  }
  const clicks = await campaignClicks(viewer.scope.db, campaign.id);
  return {
    id: campaign.id,
    recipients: campaign.recipients,
    credits: campaign.credits,
    refunded_credits: campaign.refundedCredits,
    messages,
    status_credits: statusCredits,
    tracks_links: clicks.tracksLinks,
    clicks: clicks.clicks,
    clicked_recipients: clicks.clickedRecipients,
  };
}
