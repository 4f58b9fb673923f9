import { type Db, queryRows } from "@sms/db";
import { DASHBOARD_RECENT_CAMPAIGNS, type TDashboardCampaign } from "@sms/domain";
import { sql } from "drizzle-orm";

/**
 * The latest campaigns and file campaigns (instant and API sends are single messages, not
 * campaigns), newest first, from the (organization_id, created_at, id) index; only `ownUserId`'s
 * when the member sees its own sends only.
 */
export async function listRecentCampaigns(
  db: Db,
  organizationId: number,
  ownUserId: number | null,
): Promise<TDashboardCampaign[]> {
  const rows = await queryRows<{
    id: unknown;
    name: string;
    kind: TDashboardCampaign["kind"];
    status: TDashboardCampaign["status"];
    recipients: number;
    credits: unknown;
    accepted_at: Date | string;
  }>(
    db,
    sql`select id, name, kind, status, recipients, credits, accepted_at
          from campaigns
         where organization_id = ${organizationId} and kind in ('campaign', 'file') and not accepting
           ${ownUserId === null ? sql`` : sql`and user_id = ${ownUserId}`}
         order by created_at desc, id desc
         limit ${DASHBOARD_RECENT_CAMPAIGNS}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    kind: r.kind,
    status: r.status,
    recipients: r.recipients,
    credits: Number(r.credits),
    accepted_at: new Date(r.accepted_at).toISOString(),
  }));
}
