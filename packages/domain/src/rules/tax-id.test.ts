import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidTaxId, normalizeTaxId, taxIdCheckDigit } from "./tax-id.ts";

describe("Thai tax id", () => {
  it("accepts ids whose 13th digit is the mod-11 check digit", () => {
    // 0×13 + 1×12 + 0×11 + 5×10 + 5×9 + 5×8 + 6×7 = 189 ≡ 2 (mod 11) → (11 − 2) mod 10 = 9.
    expect(taxIdCheckDigit("010555600000")).toBe(9);
    expect(isValidTaxId("0105556000009")).toBe(true);
    expect(taxIdCheckDigit("110170020347")).toBe(6);
    expect(isValidTaxId("1101700203476")).toBe(true);
  });

  it("refuses a wrong check digit, wrong lengths and non-digits", () => {
    expect(isValidTaxId("0105556000001")).toBe(false);
    expect(isValidTaxId("010555600000")).toBe(false);
    expect(isValidTaxId("01055560000055")).toBe(false);
    expect(isValidTaxId("010555600000a")).toBe(false);
    expect(isValidTaxId("")).toBe(false);
  });

  it("maps a sum that is 0 or 1 mod 11 to check digit 1 or 0", () => {
    expect(taxIdCheckDigit("000000000000")).toBe(1);
    expect(taxIdCheckDigit("100000000000")).toBe(9);
    // 6×2 = 12 ≡ 1 → 10 % 10 = 0.
    expect(taxIdCheckDigit("000000000006")).toBe(0);
  });

  it("exactly one last digit makes any 12 digits valid", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), (first12) => {
        const valid = Array.from({ length: 10 }, (_, d) => isValidTaxId(`${first12}${d}`));
        expect(valid.filter(Boolean)).toHaveLength(1);
      }),
    );
  });

  it("drops spaces and dashes people paste", () => {
    expect(normalizeTaxId("0-1055-56000-00-9")).toBe("0105556000009");
    expect(normalizeTaxId(" 0105556000009 ")).toBe("0105556000009");
  });
});
