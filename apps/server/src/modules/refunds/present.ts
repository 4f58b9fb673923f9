import {
  refundableCredits,
  refundBaseTime,
  refundClosesAt,
  refundOpensAt,
  refundStatus,
  type TRefundState,
} from "@sms/domain";
import type { SendSettlement } from "./failed-credits.ts";
import type { SendRow } from "./viewer.ts";

/**
 * A send's refund state at `now`, given the credits of its failed messages and its messages still
 * checking status: while any is, nothing is claimable yet (ADR 55).
 */
export function presentRefundState(
  send: SendRow,
  { failedCredits, checking }: SendSettlement,
  now: Date,
): TRefundState {
  const sentAt = refundBaseTime(send);
  const refunded = send.refundedAt !== null;
  return {
    campaign_id: send.id,
    kind: send.kind,
    name: send.name,
    credits: send.credits,
    failed_credits: failedCredits,
    refundable_credits:
      checking > 0
        ? 0
        : refundableCredits({ sentAt, now, undeliveredCredits: failedCredits, alreadyRefunded: refunded }),
    checking_messages: checking,
    status: refundStatus({ sentAt, now, refundedAt: send.refundedAt }),
    sent_at: sentAt.toISOString(),
    opens_at: refundOpensAt(sentAt).toISOString(),
    closes_at: refundClosesAt(sentAt).toISOString(),
    refunded_credits: send.refundedCredits,
    refunded_at: send.refundedAt?.toISOString() ?? null,
  };
}
