import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartTotals, formatBaht } from "./cart.ts";

describe("cartTotals", () => {
  it("adds 7% VAT for an individual buyer", () => {
    expect(cartTotals(79_900, { juristic: false })).toEqual({
      subTotal: 79_900,
      vat: 5_593,
      totalWithVat: 85_493,
      withholdingTax: 0,
      total: 85_493,
    });
  });

  it("deducts 3% withholding tax on the pre-VAT amount for a juristic buyer", () => {
    expect(cartTotals(79_900, { juristic: true })).toEqual({
      subTotal: 79_900,
      vat: 5_593,
      totalWithVat: 85_493,
      withholdingTax: 2_397,
      total: 83_096,
    });
  });

  it("rounds half a satang up", () => {
    // 50 × 7% = 3.5 satang, 50 × 3% = 1.5 satang
    expect(cartTotals(50, { juristic: true })).toEqual({
      subTotal: 50,
      vat: 4,
      totalWithVat: 54,
      withholdingTax: 2,
      total: 52,
    });
    // 7 × 7% = 0.49 satang, 16 × 3% = 0.48 satang
    expect(cartTotals(7, { juristic: false }).vat).toBe(0);
    expect(cartTotals(16, { juristic: true }).withholdingTax).toBe(0);
    // 8 × 7% = 0.56 satang
    expect(cartTotals(8, { juristic: false }).vat).toBe(1);
  });

  it("gives zero for a free package", () => {
    expect(cartTotals(0, { juristic: true })).toEqual({
      subTotal: 0,
      vat: 0,
      totalWithVat: 0,
      withholdingTax: 0,
      total: 0,
    });
  });

  it.each([-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER])("rejects a price of %s satang", (price) => {
    expect(() => cartTotals(price, { juristic: false })).toThrow(RangeError);
  });

  it("satisfies total with VAT = subTotal + VAT and total = that − WHT with integer parts within half a satang of the exact rates", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000_000 }), fc.boolean(), (price, juristic) => {
        const totals = cartTotals(price, { juristic });
        expect(totals.totalWithVat).toBe(totals.subTotal + totals.vat);
        expect(totals.total).toBe(totals.totalWithVat - totals.withholdingTax);
        for (const value of Object.values(totals)) expect(Number.isSafeInteger(value)).toBe(true);
        expect(Math.abs(totals.vat - price * 0.07)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(totals.withholdingTax - (juristic ? price * 0.03 : 0))).toBeLessThanOrEqual(0.5);
        expect(totals.total).toBeGreaterThanOrEqual(price);
      }),
    );
  });
});

describe("formatBaht", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [50, "0.50"],
    [100, "1.00"],
    [79_900, "799.00"],
    [123_456_789, "1,234,567.89"],
    [-85_493, "-854.93"],
    [Number.MAX_SAFE_INTEGER, "90,071,992,547,409.91"],
  ])("%i satang -> %s", (satang, expected) => {
    expect(formatBaht(satang)).toBe(expected);
  });

  it("rejects fractional satang", () => {
    expect(() => formatBaht(1.5)).toThrow(RangeError);
  });
});
