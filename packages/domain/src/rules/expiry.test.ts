import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { creditExpiryAfterPurchase } from "./expiry.ts";

/** Bangkok wall-clock time as an instant (UTC+7, no DST). */
const bkk = (local: string) => new Date(`${local}+07:00`);

describe("creditExpiryAfterPurchase", () => {
  it("adds package months to the purchase date when there is no current expiry", () => {
    expect(
      creditExpiryAfterPurchase({
        currentExpiry: null,
        purchasedAt: bkk("2026-01-15T10:00:00"),
        packageMonths: 6,
      }),
    ).toEqual(bkk("2026-07-15T10:00:00"));
  });

  it("keeps a later current expiry", () => {
    const currentExpiry = bkk("2027-01-01T00:00:00");
    const result = creditExpiryAfterPurchase({
      currentExpiry,
      purchasedAt: bkk("2026-01-15T10:00:00"),
      packageMonths: 1,
    });
    expect(result).toEqual(currentExpiry);
    expect(result).not.toBe(currentExpiry);
  });

  it("replaces an earlier or expired current expiry", () => {
    expect(
      creditExpiryAfterPurchase({
        currentExpiry: bkk("2025-12-01T00:00:00"),
        purchasedAt: bkk("2026-01-15T10:00:00"),
        packageMonths: 12,
      }),
    ).toEqual(bkk("2027-01-15T10:00:00"));
  });

  it("clamps to the last day of a shorter month on the Bangkok calendar", () => {
    expect(
      creditExpiryAfterPurchase({
        currentExpiry: null,
        purchasedAt: bkk("2026-01-31T09:00:00"),
        packageMonths: 1,
      }),
    ).toEqual(bkk("2026-02-28T09:00:00"));
    expect(
      creditExpiryAfterPurchase({
        currentExpiry: null,
        purchasedAt: bkk("2024-01-31T09:00:00"),
        packageMonths: 1,
      }),
    ).toEqual(bkk("2024-02-29T09:00:00"));
  });

  it("moves 29 February to 28 February in a common year", () => {
    expect(
      creditExpiryAfterPurchase({
        currentExpiry: null,
        purchasedAt: bkk("2024-02-29T12:00:00"),
        packageMonths: 12,
      }),
    ).toEqual(bkk("2025-02-28T12:00:00"));
    expect(
      creditExpiryAfterPurchase({
        currentExpiry: null,
        purchasedAt: bkk("2024-02-29T12:00:00"),
        packageMonths: 48,
      }),
    ).toEqual(bkk("2028-02-29T12:00:00"));
  });

  it("uses the Bangkok date when the UTC date differs", () => {
    // 31 Jan 01:00 in Bangkok is still 30 Jan in UTC; a UTC calendar would give 30 Mar, not 29 Feb.
    expect(
      creditExpiryAfterPurchase({
        currentExpiry: null,
        purchasedAt: bkk("2024-01-31T01:00:00"),
        packageMonths: 1,
      }),
    ).toEqual(bkk("2024-02-29T01:00:00"));
  });

  it.each([0, -1, 1.5, Number.NaN])("rejects %s package months", (packageMonths) => {
    expect(() =>
      creditExpiryAfterPurchase({ currentExpiry: null, purchasedAt: new Date(), packageMonths }),
    ).toThrow(RangeError);
  });

  it("rejects invalid dates", () => {
    expect(() =>
      creditExpiryAfterPurchase({ currentExpiry: null, purchasedAt: new Date(Number.NaN), packageMonths: 1 }),
    ).toThrow(RangeError);
    expect(() =>
      creditExpiryAfterPurchase({ currentExpiry: new Date("x"), purchasedAt: new Date(), packageMonths: 1 }),
    ).toThrow(RangeError);
  });

  it("is never earlier than the current expiry nor than approval plus 28 days per month", () => {
    const date = fc.date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2100-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        fc.option(date),
        date,
        fc.integer({ min: 1, max: 36 }),
        (currentExpiry, purchasedAt, packageMonths) => {
          const result = creditExpiryAfterPurchase({ currentExpiry, purchasedAt, packageMonths });
          if (currentExpiry) expect(result.getTime()).toBeGreaterThanOrEqual(currentExpiry.getTime());
          expect(result.getTime()).toBeGreaterThanOrEqual(
            purchasedAt.getTime() + packageMonths * 28 * 86_400_000,
          );
          expect(result.getTime()).toBeLessThanOrEqual(
            Math.max(currentExpiry?.getTime() ?? 0, purchasedAt.getTime() + packageMonths * 31 * 86_400_000),
          );
        },
      ),
    );
  });
});
