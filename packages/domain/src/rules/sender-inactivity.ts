import { inBangkok } from "./bangkok-time.ts";

/**
 * Terms §13: a sender name unused for a year may be cancelled. The owner is told a month before,
 * so the warning goes out after 11 months without use and the cancellation follows at 12, and
 * never sooner than a month after the warning (a warning sent late, after an outage, still gives
 * the full month). Months are Bangkok calendar months.
 */
export const SENDER_INACTIVITY = { warnAfterMonths: 11, cancelAfterMonths: 12, noticeMonths: 1 } as const;

export interface SenderInactivityCutoffs {
  /** A sender last used (or approved, when never used) at or before this is warned. */
  warnUsedBefore: Date;
  /** A sender last used (or approved, when never used) at or before this is cancelled… */
  cancelUsedBefore: Date;
  /** …once it was warned at or before this. */
  cancelWarnedBefore: Date;
}

/** The two cut-offs of a run at `now`. */
export function senderInactivityCutoffs(now: Date): SenderInactivityCutoffs {
  const bangkok = inBangkok(now);
  return {
    warnUsedBefore: bangkok.subtract(SENDER_INACTIVITY.warnAfterMonths, "month").toDate(),
    cancelUsedBefore: bangkok.subtract(SENDER_INACTIVITY.cancelAfterMonths, "month").toDate(),
    cancelWarnedBefore: bangkok.subtract(SENDER_INACTIVITY.noticeMonths, "month").toDate(),
  };
}

/** When a sender last counted as active: its last send, or its approval when it never sent. */
export function senderLastActivity(sender: { lastUsedAt: Date | null; decidedAt: Date | null }): Date | null {
  return sender.lastUsedAt ?? sender.decidedAt;
}

/** When a sender last active at `lastActivity` and warned at `warnedAt` is cancelled if it stays unused. */
export function senderCancellationDate(lastActivity: Date, warnedAt: Date): Date {
  const yearUnused = inBangkok(lastActivity).add(SENDER_INACTIVITY.cancelAfterMonths, "month").toDate();
  const noticeGiven = inBangkok(warnedAt).add(SENDER_INACTIVITY.noticeMonths, "month").toDate();
  return yearUnused > noticeGiven ? yearUnused : noticeGiven;
}
