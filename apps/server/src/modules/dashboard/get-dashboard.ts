import { memberCan, type TDashboard, type TDashboardPeriod } from "@sms/domain";
import type { TenantContext } from "../../platform/tenant.ts";
import { listRecentCampaigns } from "./list-recent-campaigns.ts";
import { readChecklist } from "./read-checklist.ts";
import { readMessageRollups } from "./read-message-rollups.ts";

export type DashboardViewer = Pick<TenantContext, "scope" | "userId" | "memberRole">;

/**
 * GET /c/me/dashboard: three statements, one per widget group, run side by side (on PostgreSQL
 * each takes its own pooled connection): the balance with the checklist, the rollups of the period,
 * the latest campaigns. Everything is the caller's current organization's (the tenant scope).
 * The rollups count the whole organization, so a member allowed only its own sends' reports gets
 * no message figures, and its own campaigns only.
 */
export async function getDashboard(viewer: DashboardViewer, period: TDashboardPeriod): Promise<TDashboard> {
  const { db, organizationId } = viewer.scope;
  const seesAll = memberCan(viewer.memberRole, "reports.all");
  const [account, messages, recent] = await Promise.all([
    readChecklist(db, organizationId, viewer.userId),
    seesAll ? readMessageRollups(db, organizationId, period) : Promise.resolve(null),
    listRecentCampaigns(db, organizationId, seesAll ? null : viewer.userId),
  ]);
  return { period, ...account, messages, recent_campaigns: recent };
}
