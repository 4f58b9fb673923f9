import { randomFillSync } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countSms } from "./sms.ts";
import {
  BASE62_ALPHABET,
  distinctLinkHrefs,
  findLinks,
  fromBase62,
  newTrackedLinkCode,
  parseTrackedLinkToken,
  replaceLinks,
  TRACKED_LINK_CODE_LENGTH,
  TRACKED_LINK_LEGACY_SEQ_LENGTH,
  TRACKED_LINK_MAX_SEQ,
  TRACKED_LINK_SEQ_LENGTH,
  textForCounting,
  toBase62,
  trackedLinkLength,
  trackedLinkPrefix,
  trackedLinkUrl,
} from "./tracked-links.ts";

const ORIGIN = "https://sms.example.co.th";
const links = (text: string) => findLinks(text).map((link) => link.text);
/** Any recipient part: TRACKED_LINK_SEQ_LENGTH base62 characters. */
const part = fc
  .array(fc.constantFrom(...BASE62_ALPHABET), {
    minLength: TRACKED_LINK_SEQ_LENGTH,
    maxLength: TRACKED_LINK_SEQ_LENGTH,
  })
  .map((chars) => chars.join(""));

describe("base62", () => {
  it("writes numbers at a fixed width, 0-9 then A-Z then a-z", () => {
    expect(toBase62(0, 4)).toBe("0000");
    expect(toBase62(61, 4)).toBe("000z");
    expect(toBase62(62, 4)).toBe("0010");
    expect(toBase62(TRACKED_LINK_MAX_SEQ, TRACKED_LINK_LEGACY_SEQ_LENGTH)).toBe("zzzz");
    expect(TRACKED_LINK_MAX_SEQ).toBe(14_776_335);
  });

  it("refuses numbers that do not fit the width", () => {
    expect(() => toBase62(62 ** 4, 4)).toThrow(RangeError);
    expect(() => toBase62(-1, 4)).toThrow(RangeError);
    expect(() => toBase62(1.5, 4)).toThrow(RangeError);
  });

  it("reads back what it wrote, and keeps the order of numbers", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TRACKED_LINK_MAX_SEQ }),
        fc.integer({ min: 0, max: TRACKED_LINK_MAX_SEQ }),
        (a, b) => {
          const x = toBase62(a, 4);
          expect(x).toHaveLength(4);
          expect(fromBase62(x)).toBe(a);
          // Byte order of the alphabet is numeric order, so fixed-width strings sort like their numbers.
          expect(Math.sign(x < toBase62(b, 4) ? -1 : x > toBase62(b, 4) ? 1 : 0)).toBe(Math.sign(a - b));
        },
      ),
    );
  });

  it("reads nothing from other characters", () => {
    expect(fromBase62("")).toBeNull();
    expect(fromBase62("ab-c")).toBeNull();
    expect(fromBase62("กขคง")).toBeNull();
  });
});

describe("tokens", () => {
  it("draws codes of base62 characters only, of the fixed length", () => {
    for (let i = 0; i < 200; i += 1) {
      const code = newTrackedLinkCode((bytes) => randomFillSync(bytes));
      expect(code).toMatch(new RegExp(`^[0-9A-Za-z]{${TRACKED_LINK_CODE_LENGTH}}$`));
    }
  });

  it("skips the random bytes that would bias the alphabet", () => {
    let call = 0;
    // First call: only bytes ≥ 248 (all skipped); then bytes 0..11.
    const code = newTrackedLinkCode((bytes) => {
      call += 1;
      bytes.forEach((_, i) => {
        bytes[i] = call === 1 ? 248 + (i % 8) : i;
      });
      return bytes;
    });
    expect(call).toBe(2);
    expect(code).toBe(BASE62_ALPHABET.slice(0, TRACKED_LINK_CODE_LENGTH));
  });

  it("splits a recipient's token into the link's code and the recipient's keyed part", () => {
    expect(parseTrackedLinkToken("aB3xY97UpDVuRS")).toEqual({
      code: "aB3xY9",
      format: "keyed",
      part: "7UpDVuRS",
    });
  });

  it("still reads a legacy token (sent before ADR 35) as the code and the seq", () => {
    expect(parseTrackedLinkToken("aB3xY90001")).toEqual({ code: "aB3xY9", format: "legacy", seq: 1 });
    expect(parseTrackedLinkToken("aB3xY9001Z")).toEqual({ code: "aB3xY9", format: "legacy", seq: 62 + 35 });
  });

  it("refuses tokens of another length, other characters or a legacy seq 0", () => {
    expect(parseTrackedLinkToken("aB3xY9000")).toBeNull();
    expect(parseTrackedLinkToken("aB3xY900011")).toBeNull();
    expect(parseTrackedLinkToken("aB3xY97UpDVuR")).toBeNull();
    expect(parseTrackedLinkToken("aB3xY97UpDVuRSx")).toBeNull();
    expect(parseTrackedLinkToken("aB3xY-0001")).toBeNull();
    expect(parseTrackedLinkToken("aB3xY97UpD-uRS")).toBeNull();
    expect(parseTrackedLinkToken("aB3xY90000")).toBeNull();
    expect(parseTrackedLinkToken("../../etc/")).toBeNull();
  });

  it("builds the short link under the public origin, whose length is the same for every recipient", () => {
    expect(trackedLinkPrefix(`${ORIGIN}/`)).toBe(`${ORIGIN}/l/`);
    expect(trackedLinkUrl(ORIGIN, "aB3xY9", "7UpDVuRS")).toBe(`${ORIGIN}/l/aB3xY97UpDVuRS`);
    expect(() => trackedLinkUrl(ORIGIN, "aB3xY9", "0001")).toThrow(RangeError);
    fc.assert(
      fc.property(part, (p) => {
        const url = trackedLinkUrl(ORIGIN, "aB3xY9", p);
        expect(url).toHaveLength(trackedLinkLength(ORIGIN));
        expect(parseTrackedLinkToken(url.slice(trackedLinkPrefix(ORIGIN).length))).toEqual({
          code: "aB3xY9",
          format: "keyed",
          part: p,
        });
      }),
    );
  });
});

describe("findLinks", () => {
  it("finds http, https and bare www links with where they send", () => {
    expect(findLinks("Sale https://shop.example.com/a?b=1&c=2#top and www.example.co.th/p")).toEqual([
      {
        text: "https://shop.example.com/a?b=1&c=2#top",
        href: "https://shop.example.com/a?b=1&c=2#top",
        start: 5,
        end: 43,
      },
      { text: "www.example.co.th/p", href: "http://www.example.co.th/p", start: 48, end: 67 },
    ]);
    expect(links("HTTP://EXAMPLE.COM WWW.Example.com")).toEqual(["HTTP://EXAMPLE.COM", "WWW.Example.com"]);
  });

  it("ends a link at Thai text written right against it, and finds it after Thai text", () => {
    expect(links("ลดราคาhttps://shop.example.com/promoวันนี้เท่านั้น")).toEqual(["https://shop.example.com/promo"]);
    expect(links("คลิกwww.example.comเลย")).toEqual(["www.example.com"]);
    expect(links("ดูที่ https://example.com/%E0%B8%81 นะ")).toEqual(["https://example.com/%E0%B8%81"]);
  });

  it("leaves trailing punctuation and unopened brackets out of the link", () => {
    expect(links("Go to https://example.com/a.")).toEqual(["https://example.com/a"]);
    expect(links("(see www.example.com/x), then!")).toEqual(["www.example.com/x"]);
    expect(links("Wiki https://en.wikipedia.org/wiki/Bangkok_(city)!")).toEqual([
      "https://en.wikipedia.org/wiki/Bangkok_(city)",
    ]);
    expect(links('"https://example.com/q?x=1";')).toEqual(["https://example.com/q?x=1"]);
    expect(links("[https://example.com]")).toEqual(["https://example.com"]);
  });

  it("is not fooled by e-mail addresses, words ending in www or schemes without a host", () => {
    expect(links("mail info@www.example.com")).toEqual([]);
    expect(links("awww.example.com")).toEqual([]);
    expect(links("https:// nothing, http://localhost/x, www.x")).toEqual([]);
    expect(links("https://user@example.com/")).toEqual([]);
  });

  it("leaves a link completed by a tag as written", () => {
    expect(links("Your bill https://pay.example.com/?ref={phone_number} thanks")).toEqual([]);
    expect(links("https://a.example.com {first_name}")).toEqual(["https://a.example.com"]);
  });

  it("lists each destination once, in the order they first appear", () => {
    const found = findLinks(
      "a www.example.com b http://www.example.com c https://x.example.com www.example.com",
    );
    expect(distinctLinkHrefs(found)).toEqual(["http://www.example.com", "https://x.example.com"]);
  });

  it("finds every link put between words of any language and punctuation", () => {
    const host = fc.stringMatching(/^[a-z0-9]{1,8}\.(com|co\.th|io)$/);
    const path = fc.stringMatching(/^(\/[A-Za-z0-9_\-~%]{0,6}){0,3}(\?[a-z]=[0-9]{1,3})?$/);
    const link = fc
      .tuple(fc.constantFrom("https://", "http://", "www."), host, path)
      .map(([s, h, p]) => s + h + p);
    const word = fc.constantFrom("สวัสดี", "ลด 50%", "Hi", "โปรโมชั่น!", "(ดู", "ครับ.", "123", "");
    const separator = fc.constantFrom(" ", "\n", "ค่ะ ", ", ", ": ", "");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(word, separator, link, fc.constantFrom(" ", ". ", "! ", "\n", "ค่ะ")), {
          maxLength: 5,
        }),
        (chunks) => {
          const text = chunks.map(([w, s, l, after]) => `${w}${w ? s || " " : ""}${l}${after}`).join("");
          expect(links(text)).toEqual(chunks.map(([, , l]) => l));
        },
      ),
    );
  });
});

describe("textForCounting", () => {
  it("replaces each link by a placeholder as long as a recipient's short link", () => {
    const counted = textForCounting(
      "Sale www.example.com and https://example.com/very/long/path?with=query",
      ORIGIN,
    );
    const placeholder = `${ORIGIN}/l/xxxxxxxxxxxxxx`;
    expect(placeholder).toHaveLength(trackedLinkLength(ORIGIN));
    expect(counted).toBe(`Sale ${placeholder} and ${placeholder}`);
  });

  it("leaves a text without links as it is", () => {
    expect(textForCounting("สวัสดีครับ {first_name}", ORIGIN)).toBe("สวัสดีครับ {first_name}");
  });

  it("counts the same parts as any recipient's real text", () => {
    const text = fc.array(
      fc.constantFrom(
        "สวัสดี ",
        "Hello ",
        "😀",
        "https://shop.example.com/p/123 ",
        "www.example.co.th ",
        "x".repeat(40),
        ".",
      ),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(text, part, (pieces, p) => {
        const written = pieces.join("");
        const found = findLinks(written);
        const codes = new Map(distinctLinkHrefs(found).map((href, i) => [href, `Code${i}a`.slice(0, 6)]));
        const real = replaceLinks(written, found, (link) =>
          trackedLinkUrl(ORIGIN, codes.get(link.href) ?? "", p),
        );
        const counted = textForCounting(written, ORIGIN);
        expect(counted).toHaveLength(real.length);
        expect(countSms(counted)).toEqual(countSms(real));
      }),
    );
  });
});
