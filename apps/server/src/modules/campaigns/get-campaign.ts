import { schema } from "@sms/db";
import type { TCampaign } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import type { CampaignRow } from "./campaign-rows.ts";
import { findCampaign } from "./find-campaign.ts";
import { presentCampaign } from "./present.ts";
import type { ReportViewer } from "./reports.ts";

/** GET /c/campaigns/{id}: one send (any kind, so an instant send's campaign_id resolves too). */
export async function getCampaign(viewer: ReportViewer, id: number): Promise<TCampaign> {
  const row = await findCampaign(viewer, id);
  return presentCampaign(row, { otp: await isOtpSend(viewer, row) });
}

/**
 * Whether an API send is an OTP code: the send does not record it, its message does (type `otp`).
 * One probe of the send's partition through the (campaign_id, seq, created_at) index.
 */
async function isOtpSend(viewer: ReportViewer, row: CampaignRow): Promise<boolean> {
  if (row.kind !== "api") return false;
  const m = schema.messages;
  const [otp] = await viewer.scope.db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.campaignId, row.id), eq(m.createdAt, row.acceptedAt), eq(m.type, "otp")))
    .limit(1);
  return otp !== undefined;
}
