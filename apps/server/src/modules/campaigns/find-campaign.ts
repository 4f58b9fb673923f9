import { schema } from "@sms/db";
import { AppError } from "../../errors.ts";
import type { CampaignRow } from "./campaign-rows.ts";
import type { ReportViewer } from "./reports.ts";

/** One send the viewer may see; another organization's (or, for own-reports members, another user's) is NOT_FOUND. */
export async function findCampaign(viewer: ReportViewer, id: number): Promise<CampaignRow> {
  const row = await viewer.scope.findByIdOrNull(schema.campaigns, id);
  // A send still being accepted in slices is not there yet (ADR 53).
  if (!row || row.accepting || (viewer.ownUserId !== null && row.userId !== viewer.ownUserId)) {
    throw new AppError("NOT_FOUND");
  }
  return row;
}
