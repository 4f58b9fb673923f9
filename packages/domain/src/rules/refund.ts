const HOUR_MS = 60 * 60 * 1000;

/** Refunds open 24 h after sending: the network may still retry delivery until then. */
export const REFUND_OPENS_AFTER_MS = 24 * HOUR_MS;
/** Bangkok has no daylight saving, so 30 days is always 30 × 24 h. */
export const REFUND_CLOSES_AFTER_MS = 30 * 24 * HOUR_MS;

export type RefundWindow = "too_early" | "open" | "expired";

/** Both boundaries are inclusive: exactly 24 h after sending is open, and so is exactly 30 days. */
export function refundWindow(sentAt: Date, now: Date): RefundWindow {
  const elapsed = now.getTime() - sentAt.getTime();
  if (Number.isNaN(elapsed)) throw new RangeError("sentAt and now must be valid Dates");
  if (elapsed < REFUND_OPENS_AFTER_MS) return "too_early";
  if (elapsed > REFUND_CLOSES_AFTER_MS) return "expired";
  return "open";
}

export interface RefundableCreditsInput {
  sentAt: Date;
  now: Date;
  /** Credits of the campaign's messages that are finally undelivered. */
  undeliveredCredits: number;
  /** A campaign is refunded at most once. */
  alreadyRefunded: boolean;
}

export function refundableCredits({
  sentAt,
  now,
  undeliveredCredits,
  alreadyRefunded,
}: RefundableCreditsInput): number {
  if (!Number.isSafeInteger(undeliveredCredits) || undeliveredCredits < 0) {
    throw new RangeError("undeliveredCredits must be a non-negative integer");
  }
  if (alreadyRefunded || refundWindow(sentAt, now) !== "open") return 0;
  return undeliveredCredits;
}

/**
 * When a send's refund window starts counting: when its last chunk left the queue (`sent_at`), or
 * its acceptance when it was never fully sent (it may still be waiting on the gateway).
 */
export function refundBaseTime({ sentAt, acceptedAt }: { sentAt: Date | null; acceptedAt: Date }): Date {
  return sentAt ?? acceptedAt;
}

export function refundOpensAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + REFUND_OPENS_AFTER_MS);
}

/** The last instant a claim is accepted (inclusive). */
export function refundClosesAt(sentAt: Date): Date {
  return new Date(sentAt.getTime() + REFUND_CLOSES_AFTER_MS);
}

/** Where a send stands for a refund claim: refunded (once, for good), or its window now. */
export type RefundStatus = "refunded" | RefundWindow;

export function refundStatus({
  sentAt,
  now,
  refundedAt,
}: {
  sentAt: Date;
  now: Date;
  refundedAt: Date | null;
}): RefundStatus {
  return refundedAt ? "refunded" : refundWindow(sentAt, now);
}
