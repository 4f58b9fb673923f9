import type { TRefundState } from "@sms/domain";
import { settlementOf } from "./failed-credits.ts";
import { presentRefundState } from "./present.ts";
import { findSend, type RefundViewer } from "./viewer.ts";

/**
 * GET /c/campaigns/{id}/refund: what a claim would give back now, the window and whether the send
 * was refunded. The failed credits may still grow after the window opens (the network retries).
 */
export async function getRefundState(
  viewer: RefundViewer,
  campaignId: number,
  now: Date,
): Promise<TRefundState> {
  const send = await findSend(viewer, campaignId);
  return presentRefundState(send, await settlementOf(viewer.scope.db, send), now);
}
