import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countSms, SMS_PART_LIMITS, STRAY_MAX, smsCredits, strayUnicode, withPlainTwins } from "./sms.ts";

const ascii = (length: number) => "a".repeat(length);
const thai = (length: number) => "ก".repeat(length);

describe("countSms", () => {
  it("counts empty text as 0 parts with the whole single part free", () => {
    expect(countSms("")).toEqual({
      encoding: "single-byte",
      length: 0,
      bytes: 0,
      parts: 0,
      perPart: 160,
      remainingInPart: 160,
      forcingChar: null,
      forcingIndex: null,
    });
  });

  it.each([
    [1, 1, 160, 159],
    [160, 1, 160, 0],
    [161, 2, 154, 147],
    [308, 2, 154, 0],
    [309, 3, 154, 153],
    [462, 3, 154, 0],
  ])("single-byte text of %i chars is %i part(s) of %i", (length, parts, perPart, remaining) => {
    const count = countSms(ascii(length));
    expect(count).toMatchObject({ encoding: "single-byte", length, bytes: length, parts, perPart });
    expect(count.remainingInPart).toBe(remaining);
  });

  it.each([
    [1, 1, 70, 69],
    [70, 1, 70, 0],
    [71, 2, 67, 63],
    [134, 2, 67, 0],
    [135, 3, 67, 66],
  ])("unicode text of %i chars is %i part(s) of %i", (length, parts, perPart, remaining) => {
    const count = countSms(thai(length));
    expect(count).toMatchObject({ encoding: "unicode", length, bytes: length * 2, parts, perPart });
    expect(count.remainingInPart).toBe(remaining);
  });

  it("treats every ASCII code point, control characters included, as single-byte", () => {
    const allAscii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join("");
    expect(countSms(allAscii)).toMatchObject({ encoding: "single-byte", length: 128, parts: 1 });
  });

  it("switches the whole text to unicode for one character above 0x7F and reports the first one", () => {
    const count = countSms(`${ascii(100)}é and ไทย`);
    expect(count).toMatchObject({ encoding: "unicode", forcingChar: "é", forcingIndex: 100, parts: 2 });
  });

  it("reports the forcing character for Thai text at index 0", () => {
    expect(countSms("สวัสดี")).toMatchObject({ forcingChar: "ส", forcingIndex: 0, length: 6, parts: 1 });
  });

  it("counts an emoji as two UCS-2 units, as it is sent", () => {
    const count = countSms("Hi 😀");
    expect(count).toMatchObject({
      encoding: "unicode",
      length: 5,
      bytes: 10,
      parts: 1,
      remainingInPart: 65,
      forcingChar: "😀",
      forcingIndex: 3,
    });
    expect(countSms("😀".repeat(35)).parts).toBe(1);
    expect(countSms("😀".repeat(36)).parts).toBe(2);
    expect(countSms(`${"ก".repeat(69)}😀`)).toMatchObject({ length: 71, parts: 2, perPart: 67 });
  });

  it("reports the forcing character whole, at its index among the single-byte characters before it", () => {
    expect(countSms("😀ก").forcingIndex).toBe(0);
    expect(countSms("a😀").forcingIndex).toBe(1);
    expect(countSms("a😀").forcingChar).toBe("😀");
  });

  it("counts \\r\\n as two characters", () => {
    expect(countSms("a\r\nb").length).toBe(4);
  });

  const text = fc.oneof(
    fc.string({ unit: "binary-ascii", maxLength: 700 }),
    fc.string({ unit: "binary", maxLength: 400 }),
  );

  it("always has enough room: parts × perPart >= length, and no part is wasted", () => {
    fc.assert(
      fc.property(text, (value) => {
        const { length, parts, perPart, remainingInPart } = countSms(value);
        expect(parts * perPart).toBeGreaterThanOrEqual(length);
        if (parts > 0) expect((parts - 1) * perPart).toBeLessThan(length);
        expect(remainingInPart).toBe(Math.max(parts, 1) * perPart - length);
        expect(remainingInPart).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("uses the single-part limit exactly when the text fits one part", () => {
    fc.assert(
      fc.property(text, (value) => {
        const { encoding, parts, perPart } = countSms(value);
        const limits = SMS_PART_LIMITS[encoding];
        expect(perPart).toBe(parts > 1 ? limits.multipart : limits.single);
      }),
    );
  });

  it("is unicode exactly when a forcing character exists, and that character is the first non-ASCII one", () => {
    fc.assert(
      fc.property(text, (value) => {
        const { encoding, forcingChar, forcingIndex } = countSms(value);
        const chars = Array.from(value);
        const firstNonAscii = chars.findIndex((char) => (char.codePointAt(0) ?? 0) > 0x7f);
        expect(encoding === "unicode").toBe(firstNonAscii !== -1);
        expect(forcingIndex).toBe(firstNonAscii === -1 ? null : firstNonAscii);
        expect(forcingChar).toBe(firstNonAscii === -1 ? null : chars[firstNonAscii]);
      }),
    );
  });
});

describe("smsCredits", () => {
  it("multiplies parts by recipients", () => {
    expect(smsCredits(ascii(161), 3)).toBe(6);
    expect(smsCredits(thai(71), 1000)).toBe(2000);
    expect(smsCredits("", 50)).toBe(0);
    expect(smsCredits("hello", 0)).toBe(0);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects %s recipients", (recipients) => {
    expect(() => smsCredits("hello", recipients)).toThrow(RangeError);
  });
});

describe("strayUnicode (issue 24, D30)", () => {
  it("points at a curly quote pasted into an English text, with its plain twin", () => {
    expect(strayUnicode("Sale today at “Siam” branch, 50% off all shoes")).toEqual([
      { char: "“", index: 14, plain: '"' },
      { char: "”", index: 19, plain: '"' },
    ]);
  });

  it("points at a Thai word or an emoji in a long English text, which have no twin", () => {
    expect(strayUnicode("Flash sale this weekend only at our shop, ร้าน")).toHaveLength(4);
    expect(strayUnicode("Flash sale this weekend only at our Siam shop 🎉")).toEqual([
      { char: "🎉", index: 46, plain: null },
    ]);
  });

  it("says nothing for a Thai message, a plain English one or an empty text", () => {
    expect(strayUnicode("สวัสดีคุณสมชาย โปรโมชั่นลด 50% วันนี้เท่านั้น")).toEqual([]);
    expect(strayUnicode("ok ครับ")).toEqual([]);
    expect(strayUnicode("Plain ASCII text only")).toEqual([]);
    expect(strayUnicode("")).toEqual([]);
  });

  it("says nothing once more than STRAY_MAX characters are unicode, however long the text", () => {
    const text = `${"a".repeat(500)}${"–".repeat(STRAY_MAX + 1)}`;
    expect(strayUnicode(text)).toEqual([]);
    expect(strayUnicode(`${"a".repeat(500)}${"–".repeat(STRAY_MAX)}`)).toEqual([
      { char: "–", index: 500, plain: "-" },
    ]);
  });

  it("replaces typographic characters by their plain twins, making the text single-byte again", () => {
    const plain = withPlainTwins("It’s “50%” off – today only…\u00a0Shop now");
    expect(plain).toBe(`It's "50%" off - today only... Shop now`);
    expect(countSms(plain).encoding).toBe("single-byte");
    expect(withPlainTwins("ร้าน 🎉")).toBe("ร้าน 🎉");
  });
});
