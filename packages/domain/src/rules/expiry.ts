import { assertValidDate, inBangkok } from "./bangkok-time.ts";

export interface CreditExpiryInput {
  /** The organization's expiry before this purchase; null when it never bought credits. */
  currentExpiry: Date | null;
  /**
   * When the customer bought: the order's submission with its proof of payment (spec §9 terms:
   * "recalculated from the purchase date"; ADR 40), not the later approval by staff.
   */
  purchasedAt: Date;
  packageMonths: number;
}

/**
 * The expiry after an approved purchase: the later of the current expiry and purchase + package
 * months, so buying a short package never shortens credit already paid for. Months are added on the
 * Bangkok calendar (31 Jan + 1 month = 28/29 Feb in Bangkok), which is what the customer reads.
 */
export function creditExpiryAfterPurchase({
  currentExpiry,
  purchasedAt,
  packageMonths,
}: CreditExpiryInput): Date {
  if (!Number.isSafeInteger(packageMonths) || packageMonths <= 0) {
    throw new RangeError("packageMonths must be a positive integer");
  }
  const extended = inBangkok(purchasedAt).add(packageMonths, "month").toDate();
  if (currentExpiry === null) return extended;
  assertValidDate(currentExpiry, "currentExpiry");
  return currentExpiry.getTime() > extended.getTime() ? new Date(currentExpiry.getTime()) : extended;
}
