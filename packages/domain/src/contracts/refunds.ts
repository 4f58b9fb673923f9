import { z } from "zod";
import { SEND_KINDS } from "./campaigns.ts";
import { defineSort, listQuery, listResponse } from "./lists.ts";

/**
 * Credit refunds (spec §4 "Campaign refund", §7 /c/campaigns/{id}/refund and /c/messages/{id}/refund;
 * issue 13 point 6): a send's credits of finally undelivered (failed) messages go back to the
 * organization once, from 24 h to 30 days after sending. A message outside a campaign (an instant
 * or API send) is its own one-message send and is refunded the same way.
 */

/** Where a send stands: refunded (once, for good), not yet open, open, or closed (after 30 days). */
export const REFUND_STATUSES = ["refunded", "too_early", "open", "expired"] as const;

/** A send's refund, now. */
export const ZRefundState = z.object({
  campaign_id: z.number().int(),
  kind: z.enum(SEND_KINDS),
  name: z.string(),
  /** Credits charged for the send. */
  credits: z.number().int(),
  /** Credits of its messages that are finally undelivered so far (the network may still retry within 24 h). */
  failed_credits: z.number().int(),
  /** What a claim would give back now: the failed credits while the window is open, else 0. */
  refundable_credits: z.number().int(),
  /**
   * Its messages still checking status (an unknown submit outcome, settled within 24 h): while any
   * is, a claim is refused and refundable_credits is 0, so no credit of theirs is forfeited.
   */
  checking_messages: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  /** When the window starts counting: sent_at, or accepted_at when the send was never fully sent. */
  sent_at: z.string(),
  opens_at: z.string(),
  /** The last instant a claim is accepted. */
  closes_at: z.string(),
  refunded_credits: z.number().int(),
  refunded_at: z.string().nullable(),
});
export type TRefundState = z.infer<typeof ZRefundState>;
export const ZRefundStateResponse = z.object({ data: ZRefundState });
export type TRefundStateResponse = z.infer<typeof ZRefundStateResponse>;

/** The answer of a claim: what was given back and the organization's balance after it. */
export const ZRefundResult = z.object({
  campaign_id: z.number().int(),
  /** The refunded message, when the claim was made on one. */
  message_id: z.number().int().nullable(),
  refunded_credits: z.number().int(),
  refunded_at: z.string(),
  balance: z.number().int(),
});
export type TRefundResult = z.infer<typeof ZRefundResult>;
export const ZRefundResultResponse = z.object({ data: ZRefundResult });
export type TRefundResultResponse = z.infer<typeof ZRefundResultResponse>;

export const ZMessageIdParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type TMessageIdParams = z.input<typeof ZMessageIdParams>;

/** Newest send first. */
export const CREDIT_REFUND_SORT = defineSort(["created_at"], { key: "created_at", reverse: true });

/** GET /c/credit-refunds: sends refunded, or still before or inside their 30-day window; `search` matches the name. */
export const ZCreditRefundsQuery = listQuery({ sort: CREDIT_REFUND_SORT });
export type TCreditRefundsQuery = z.output<typeof ZCreditRefundsQuery>;
export type TCreditRefundsQueryInput = z.input<typeof ZCreditRefundsQuery>;
export const ZCreditRefundsResponse = listResponse(ZRefundState);
export type TCreditRefundsResponse = z.infer<typeof ZCreditRefundsResponse>;
