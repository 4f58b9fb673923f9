import type { TRefundResult } from "@sms/domain";
import { type RefundClaim, refundSend } from "./refund-send.ts";

/** POST /c/campaigns/{id}/refund: any send (campaign, file campaign, or an instant/API send by its id). */
export async function refundCampaign(claim: RefundClaim, campaignId: number): Promise<TRefundResult> {
  return refundSend(claim, campaignId);
}
