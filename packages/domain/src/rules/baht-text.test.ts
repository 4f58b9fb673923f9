import { describe, expect, it } from "vitest";
import { bahtText, bahtTextEnglish, bahtTextThai, englishNumberText, thaiNumberText } from "./baht-text.ts";

const baht = (value: number) => value * 100;

describe("bahtTextThai", () => {
  it.each([
    [0, "ศูนย์บาทถ้วน"],
    [1, "หนึ่งบาทถ้วน"],
    [2, "สองบาทถ้วน"],
    [10, "สิบบาทถ้วน"],
    [11, "สิบเอ็ดบาทถ้วน"],
    [20, "ยี่สิบบาทถ้วน"],
    [21, "ยี่สิบเอ็ดบาทถ้วน"],
    [25, "ยี่สิบห้าบาทถ้วน"],
    [100, "หนึ่งร้อยบาทถ้วน"],
    [101, "หนึ่งร้อยเอ็ดบาทถ้วน"],
    [110, "หนึ่งร้อยสิบบาทถ้วน"],
    [111, "หนึ่งร้อยสิบเอ็ดบาทถ้วน"],
    [1_214, "หนึ่งพันสองร้อยสิบสี่บาทถ้วน"],
    [10_001, "หนึ่งหมื่นเอ็ดบาทถ้วน"],
    [535_000, "ห้าแสนสามหมื่นห้าพันบาทถ้วน"],
    [1_000_000, "หนึ่งล้านบาทถ้วน"],
    [1_000_001, "หนึ่งล้านเอ็ดบาทถ้วน"],
    [1_000_010, "หนึ่งล้านสิบบาทถ้วน"],
    [11_000_000, "สิบเอ็ดล้านบาทถ้วน"],
    [21_000_000, "ยี่สิบเอ็ดล้านบาทถ้วน"],
    [101_000_001, "หนึ่งร้อยเอ็ดล้านเอ็ดบาทถ้วน"],
    [1_000_000_000_000, "หนึ่งล้านล้านบาทถ้วน"],
    [21_000_021_000_000, "ยี่สิบเอ็ดล้านยี่สิบเอ็ดล้านบาทถ้วน"],
  ])("%i baht → %s", (value, words) => {
    expect(bahtTextThai(baht(value))).toBe(words);
  });

  it("reads satang after the baht, and satang alone", () => {
    expect(bahtTextThai(121_450)).toBe("หนึ่งพันสองร้อยสิบสี่บาทห้าสิบสตางค์");
    expect(bahtTextThai(1_101)).toBe("สิบเอ็ดบาทหนึ่งสตางค์");
    expect(bahtTextThai(2_121)).toBe("ยี่สิบเอ็ดบาทยี่สิบเอ็ดสตางค์");
    expect(bahtTextThai(50)).toBe("ห้าสิบสตางค์");
    expect(bahtTextThai(1)).toBe("หนึ่งสตางค์");
    expect(bahtTextThai(11)).toBe("สิบเอ็ดสตางค์");
  });

  it("refuses negative, fractional and unsafe amounts", () => {
    expect(() => bahtTextThai(-1)).toThrow(RangeError);
    expect(() => bahtTextThai(1.5)).toThrow(RangeError);
    expect(() => bahtTextThai(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => thaiNumberText(-3)).toThrow(RangeError);
  });
});

describe("bahtTextEnglish", () => {
  it.each([
    [0, "Zero baht only"],
    [1, "One baht only"],
    [11, "Eleven baht only"],
    [21, "Twenty-one baht only"],
    [101, "One hundred one baht only"],
    [1_214, "One thousand two hundred fourteen baht only"],
    [1_000_000, "One million baht only"],
    [1_000_001, "One million one baht only"],
    [21_000_000, "Twenty-one million baht only"],
    [1_000_000_000_000, "One trillion baht only"],
  ])("%i baht → %s", (value, words) => {
    expect(bahtTextEnglish(baht(value))).toBe(words);
  });

  it("reads satang", () => {
    expect(bahtTextEnglish(121_450)).toBe("One thousand two hundred fourteen baht and fifty satang");
    expect(bahtTextEnglish(50)).toBe("Fifty satang");
    expect(bahtTextEnglish(1)).toBe("One satang");
  });

  it("counts the largest safe amounts without skipping a scale", () => {
    expect(englishNumberText(1_000_000_000)).toBe("one billion");
    expect(englishNumberText(90_071_992_547_409)).toBe(
      "ninety trillion seventy-one billion nine hundred ninety-two million five hundred forty-seven thousand four hundred nine",
    );
    expect(() => bahtTextEnglish(-100)).toThrow(RangeError);
  });
});

describe("bahtText", () => {
  it("picks the language", () => {
    expect(bahtText(10_700, "th")).toBe("หนึ่งร้อยเจ็ดบาทถ้วน");
    expect(bahtText(10_700, "en")).toBe("One hundred seven baht only");
  });
});
