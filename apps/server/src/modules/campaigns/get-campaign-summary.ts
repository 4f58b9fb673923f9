import { queryRows } from "@sms/db";
import { MESSAGE_STATUSES, type TCampaignSummary } from "@sms/domain";
import { sql } from "drizzle-orm";
import { campaignClicks } from "../links/index.ts";
import { findCampaign } from "./find-campaign.ts";
import type { ReportViewer } from "./reports.ts";
import { TALLY_SLICE_ROWS } from "./summarize-messages.ts";

type Status = (typeof MESSAGE_STATUSES)[number];

/**
 * GET /c/campaigns/{id}/summary: the send's messages and their credits by status. Every message of
 * a send has created_at = accepted_at, so the count reads one partition through the
 * (campaign_id, seq, created_at) index, TALLY_SLICE_ROWS seqs per statement. With tracked links, their counted clicks and the recipients
 * who clicked.
 */
export async function getCampaignSummary(
  viewer: ReportViewer,
  id: number,
  sliceRows = TALLY_SLICE_ROWS,
): Promise<TCampaignSummary> {
  const campaign = await findCampaign(viewer, id);
  const zero = () => Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  const messages = zero();
  const statusCredits = zero();
  // In seq slices (ADR 53): a 100,000-message send's report polls this every few seconds.
  for (let after = 0; after < campaign.recipients; after += sliceRows) {
    const rows = await queryRows<{ status: Status; messages: unknown; credits: unknown }>(
      viewer.scope.db,
      sql`select status, count(*) as messages, coalesce(sum(credits), 0) as credits
            from messages
           where campaign_id = ${campaign.id} and created_at = ${campaign.acceptedAt.toISOString()}::timestamptz
             and seq > ${after} and seq <= ${after + sliceRows}
           group by status`,
    );
    for (const row of rows) {
      messages[row.status] += Number(row.messages);
      statusCredits[row.status] += Number(row.credits);
    }
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
