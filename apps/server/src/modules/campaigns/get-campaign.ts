import type { TCampaign } from "@sms/domain";
import { findCampaign } from "./find-campaign.ts";
import { presentCampaign } from "./present.ts";
import type { ReportViewer } from "./reports.ts";

/** GET /c/campaigns/{id}: one send (any kind, so an instant send's campaign_id resolves too). */
export async function getCampaign(viewer: ReportViewer, id: number): Promise<TCampaign> {
  return presentCampaign(await findCampaign(viewer, id));
}
