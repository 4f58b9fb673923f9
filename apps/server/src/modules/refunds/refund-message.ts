import { schema } from "@sms/db";
import type { TRefundResult } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { type RefundClaim, refundSend } from "./refund-send.ts";
import { findSend } from "./viewer.ts";

/** Sends whose messages are refunded one by one: each is a one-message send. */
const SINGLE_MESSAGE_KINDS = new Set(["instant", "api"]);

/**
 * POST /c/messages/{id}/refund: an instant or API message is its own send, refunded as one under
 * the same rules. A message of a campaign or file campaign answers 409: the campaign is refunded
 * as a whole, once.
 */
export async function refundMessage(claim: RefundClaim, messageId: number): Promise<TRefundResult> {
  const m = schema.messages;
  const [message] = await claim.viewer.scope.db
    .select({ campaignId: m.campaignId })
    .from(m)
    .where(claim.viewer.scope.where(m, eq(m.id, messageId)))
    .limit(1);
  if (!message) throw new AppError("NOT_FOUND");
  const send = await findSend(claim.viewer, message.campaignId);
  if (!SINGLE_MESSAGE_KINDS.has(send.kind)) {
    throw new AppError("CONFLICT", {
      messageKey: "refunds.message_in_campaign",
      params: { campaign: send.name, id: send.id },
    });
  }
  return refundSend(claim, send.id, messageId);
}
