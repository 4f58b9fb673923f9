import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countSms } from "./sms.ts";
import {
  decodeWirePart,
  gsm7Length,
  isGsm7,
  splitForWire,
  transliterateAsciiToGsm7,
  WIRE_PART_LIMITS,
  type WireSplit,
} from "./sms-wire.ts";

const ascii = (length: number) => "a".repeat(length);
const thai = (length: number) => "ก".repeat(length);
const EMOJI = "😀";

const decode = (split: WireSplit) =>
  split.parts.map((part) => decodeWirePart(part, split.dataCoding)).join("");
const sizes = (split: WireSplit) => split.parts.map((part) => part.length);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const printableAscii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));

describe("isGsm7 and gsm7Length", () => {
  it("takes every printable ASCII character but the backtick", () => {
    expect(printableAscii.filter((char) => !isGsm7(char))).toEqual(["`"]);
  });

  it("takes LF, CR and form feed but no other control character", () => {
    const controls = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).concat("\u007f");
    expect(controls.filter(isGsm7)).toEqual(["\n", "\f", "\r"]);
  });

  it("takes the non-ASCII letters of the default alphabet and the euro sign", () => {
    expect(isGsm7("£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€")).toBe(true);
  });

  it.each(["ç", "ก", EMOJI, "ü\u0308", "“", "\u001b", "á"])("rejects %j", (char) => {
    expect(isGsm7(`ok ${char}`)).toBe(false);
  });

  it("counts extension characters as two septets", () => {
    expect(gsm7Length("")).toBe(0);
    expect(gsm7Length("abc")).toBe(3);
    expect(gsm7Length("^{}\\[~]|€\f")).toBe(20);
    expect(gsm7Length("@$_")).toBe(3);
  });
});

describe("splitForWire: GSM 7-bit", () => {
  it("sends empty text as no part", () => {
    expect(splitForWire("")).toEqual({ encoding: "gsm7", dataCoding: 0, parts: [], billedParts: 0 });
  });

  it("maps @, $ and _ to their GSM codes and escapes the extension table", () => {
    const split = splitForWire("@$_[€");
    expect(split.dataCoding).toBe(0);
    expect(Array.from(split.parts[0] ?? [])).toEqual([0x00, 0x02, 0x11, 0x1b, 0x3c, 0x1b, 0x65]);
  });

  it.each([
    [1, [1]],
    [160, [160]],
    [161, [153, 8]],
    [306, [153, 153]],
    [307, [153, 153, 1]],
    [459, [153, 153, 153]],
  ])("splits %i septets into parts of %j", (length, expected) => {
    const split = splitForWire(ascii(length));
    expect(split.encoding).toBe("gsm7");
    expect(sizes(split)).toEqual(expected);
    expect(decode(split)).toBe(ascii(length));
  });

  it("keeps one part when escapes bring the text to exactly 160 septets", () => {
    const split = splitForWire(`${ascii(158)}[`);
    expect(sizes(split)).toEqual([160]);
    expect(split.billedParts).toBe(1);
  });

  it("splits when an escape pushes 160 characters past 160 septets, billed as one part", () => {
    const split = splitForWire(`${ascii(159)}[`);
    expect(sizes(split)).toEqual([153, 8]);
    expect(split.billedParts).toBe(1);
    expect(decode(split)).toBe(`${ascii(159)}[`);
  });

  it("moves an escape pair that would straddle the edge into the next part", () => {
    const text = `${ascii(152)}{${ascii(20)}`;
    const split = splitForWire(text);
    expect(sizes(split)).toEqual([152, 22]);
    expect(split.parts[1]?.slice(0, 2)).toEqual(Uint8Array.from([0x1b, 0x28]));
    expect(decode(split)).toBe(text);
  });

  it("keeps an escape pair that ends exactly on the edge in its part", () => {
    const text = `${ascii(151)}€${ascii(20)}`;
    const split = splitForWire(text);
    expect(sizes(split)).toEqual([153, 20]);
    expect(split.parts[0]?.slice(-2)).toEqual(Uint8Array.from([0x1b, 0x65]));
  });

  it("sends a text of only extension characters in pairs", () => {
    const text = "|".repeat(100);
    const split = splitForWire(text);
    expect(sizes(split)).toEqual([152, 48]);
    expect(decode(split)).toBe(text);
  });

  it("records more wire parts than billed parts where 153 < 154", () => {
    const split = splitForWire(ascii(308));
    expect(split.billedParts).toBe(2);
    expect(split.parts).toHaveLength(3);
  });

  it("sends GSM letters outside ASCII as 7-bit while billing them at the 70 rate", () => {
    const text = `Café ${ascii(100)}`;
    const split = splitForWire(text);
    expect(split).toMatchObject({ encoding: "gsm7", dataCoding: 0, billedParts: 2 });
    expect(split.parts).toHaveLength(1);
    expect(decode(split)).toBe(text);
  });
});

describe("splitForWire: ASCII outside GSM 03.38 (ADR 0015)", () => {
  it("transliterates the backtick to an apostrophe and stays 7-bit", () => {
    const split = splitForWire("Run `npm start`");
    expect(split).toMatchObject({ encoding: "gsm7", dataCoding: 0, billedParts: 1 });
    expect(decode(split)).toBe("Run 'npm start'");
  });

  it("turns tabs and other control characters into spaces, one for one", () => {
    expect(transliterateAsciiToGsm7("a\tb\u0000c\u007fd\u001be\nf\rg\fh")).toBe("a b c d e\nf\rg\fh");
    expect(decode(splitForWire("a\tb"))).toBe("a b");
  });

  it("keeps a 160-character text with a backtick in one part, as billed", () => {
    const text = `${ascii(159)}\``;
    const split = splitForWire(text);
    expect(split.billedParts).toBe(1);
    expect(sizes(split)).toEqual([160]);
  });

  it("leaves texts billed at the 70 rate untouched: a backtick beside Thai goes as UCS-2", () => {
    const split = splitForWire("สวัสดี `x`");
    expect(split.encoding).toBe("ucs2");
    expect(decode(split)).toBe("สวัสดี `x`");
  });
});

describe("splitForWire: UCS-2", () => {
  it("encodes UTF-16BE with data_coding 8", () => {
    const split = splitForWire("ก€");
    expect(split).toMatchObject({ encoding: "ucs2", dataCoding: 8, billedParts: 1 });
    expect(Array.from(split.parts[0] ?? [])).toEqual([0x0e, 0x01, 0x20, 0xac]);
  });

  it.each([
    [1, [1]],
    [70, [70]],
    [71, [67, 4]],
    [134, [67, 67]],
    [135, [67, 67, 1]],
  ])("splits %i Thai characters into parts of %j units", (length, expected) => {
    const split = splitForWire(thai(length));
    expect(split.parts.map((part) => part.length / 2)).toEqual(expected);
    expect(split.billedParts).toBe(expected.length);
    expect(decode(split)).toBe(thai(length));
  });

  it("fits an emoji ending exactly on 70 units in one part", () => {
    const split = splitForWire(`${thai(68)}${EMOJI}`);
    expect(split.parts.map((part) => part.length / 2)).toEqual([70]);
  });

  it("moves a surrogate pair that would straddle the 67-unit edge into the next part", () => {
    const text = `${thai(66)}${EMOJI}${thai(10)}`;
    const split = splitForWire(text);
    expect(split.parts.map((part) => part.length / 2)).toEqual([66, 12]);
    expect(split.billedParts).toBe(2);
    expect(split.parts.map((part) => decodeWirePart(part, 8))).toEqual([thai(66), `${EMOJI}${thai(10)}`]);
  });

  it("may need one more wire part than billed when pairs straddle edges", () => {
    const text = `${thai(66)}${EMOJI}${thai(66)}`;
    const split = splitForWire(text);
    expect(split.billedParts).toBe(2);
    expect(split.parts.map((part) => part.length / 2)).toEqual([66, 67, 1]);
  });

  it("sends a text of emoji only in whole pairs", () => {
    const text = EMOJI.repeat(40);
    const split = splitForWire(text);
    expect(split.parts.map((part) => part.length / 2)).toEqual([66, 14]);
    expect(decode(split)).toBe(text);
  });
});

describe("decodeWirePart", () => {
  it("decodes every basic code back to the character it was encoded from", () => {
    const all = `${printableAscii.filter((char) => char !== "`").join("")}\n\r\f£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà€`;
    expect(decode(splitForWire(all))).toBe(all);
  });

  it("shows the basic character for an unknown escape and a space for a double escape", () => {
    expect(decodeWirePart(Uint8Array.from([0x1b, 0x41, 0x1b, 0x1b]), 0)).toBe("A ");
  });

  it("rejects payloads our splitter never makes", () => {
    expect(() => decodeWirePart(Uint8Array.from([0x41, 0x1b]), 0)).toThrow(RangeError);
    expect(() => decodeWirePart(Uint8Array.from([0x80]), 0)).toThrow(RangeError);
    expect(() => decodeWirePart(Uint8Array.from([0x0e]), 8)).toThrow(RangeError);
  });
});

describe("splitForWire properties", () => {
  const alphabet = fc.constantFrom(
    "a",
    "Z",
    "7",
    " ",
    "@",
    "$",
    "_",
    "`",
    "\t",
    "\n",
    "[",
    "]",
    "{",
    "}",
    "\\",
    "^",
    "~",
    "|",
    "€",
    "é",
    "Δ",
    "ก",
    "่",
    EMOJI,
  );
  const texts = fc.oneof(
    fc.array(alphabet, { maxLength: 400 }).map((chars) => chars.join("")),
    fc.string({ unit: "grapheme", maxLength: 300 }),
    fc.string({ unit: fc.constantFrom("a", "`", "[", "€"), maxLength: 400 }),
  );

  it("round-trips, keeps parts within limits, never splits a pair, and bills as countSms", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const split = splitForWire(text);
        const billing = countSms(text);
        expect(split.billedParts).toBe(billing.parts);
        const expected = billing.encoding === "single-byte" ? transliterateAsciiToGsm7(text) : text;
        expect(decode(split)).toBe(expected);
        expect(split.dataCoding).toBe(split.encoding === "gsm7" ? 0 : 8);
        expect(split.encoding).toBe(isGsm7(expected) ? "gsm7" : "ucs2");
        if (text === "") expect(split.parts).toEqual([]);

        const unit = split.encoding === "gsm7" ? 1 : 2;
        const limits = WIRE_PART_LIMITS[split.encoding];
        const limit = (split.parts.length > 1 ? limits.multipart : limits.single) * unit;
        for (const part of split.parts) {
          expect(part.length).toBeGreaterThan(0);
          expect(part.length).toBeLessThanOrEqual(limit);
          // Each part decodes alone: no escape or surrogate pair was cut.
          const alone = decodeWirePart(part, split.dataCoding);
          expect(alone).not.toMatch(LONE_SURROGATE);
        }
        if (split.encoding === "gsm7") {
          const septets = gsm7Length(expected);
          expect(split.parts.length === 1).toBe(septets > 0 && septets <= limits.single);
          // Every multipart part but the last is full save at most one septet held back for an escape.
          for (const part of split.parts.slice(0, -1)) {
            if (split.parts.length > 1) expect(part.length).toBeGreaterThanOrEqual(limits.multipart - 1);
          }
        }
        // Billing at the 160 rate always goes 7-bit.
        if (billing.encoding === "single-byte") expect(split.encoding).toBe("gsm7");
      }),
      { numRuns: 500 },
    );
  });
});
