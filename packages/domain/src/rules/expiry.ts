import { assertValidDate, inBangkok } from "./bangkok-time.ts";

export interface CreditExpiryInput {
  /** The organization's expiry before this purchase; null when it never bought credits. */
  currentExpiry: Date | null;
  approvedAt: Date;
  packageMonths: number;
}

/**
 * The expiry after an approved purchase: the later of the current expiry and approval + package
 * months, so buying a short package never shortens credit already paid for. Months are added on the
 * Bangkok calendar (31 Jan + 1 month = 28/29 Feb in Bangkok), which is what the customer reads.
 */
export function creditExpiryAfterPurchase({
  currentExpiry,
  approvedAt,
  packageMonths,
}: CreditExpiryInput): Date {
  if (!Number.isSafeInteger(packageMonths) || packageMonths <= 0) {
    throw new RangeError("packageMonths must be a positive integer");
  }
  const extended = inBangkok(approvedAt).add(packageMonths, "month").toDate();
  if (currentExpiry === null) return extended;
  assertValidDate(currentExpiry, "currentExpiry");
  return currentExpiry.getTime() > extended.getTime() ? new Date(currentExpiry.getTime()) : extended;
}
