import { BASE62_ALPHABET, TRACKED_LINK_MAX_SEQ, TRACKED_LINK_SEQ_LENGTH } from "@sms/domain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newLinkTokenKey, recipientPart, seqOfPart } from "./link-token.ts";

const key = "00112233445566778899aabbccddeeff";
const part = fc
  .array(fc.constantFrom(...BASE62_ALPHABET), {
    minLength: TRACKED_LINK_SEQ_LENGTH,
    maxLength: TRACKED_LINK_SEQ_LENGTH,
  })
  .map((chars) => chars.join(""));

describe("recipient parts (ADR 35)", () => {
  it("are fixed-width base62, and the key turns each back into its seq", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: TRACKED_LINK_MAX_SEQ }), (seq) => {
        const p = recipientPart(key, seq);
        expect(p).toMatch(new RegExp(`^[0-9A-Za-z]{${TRACKED_LINK_SEQ_LENGTH}}$`));
        expect(seqOfPart(key, p)).toBe(seq);
      }),
    );
    // Fixed values: the SQL function tracked_link_token must give the same (tracked-links.test.ts).
    expect([1, 2, 3, TRACKED_LINK_MAX_SEQ].map((seq) => recipientPart(key, seq))).toEqual([
      "7UpDVuRS",
      "FUJVCX7h",
      "AmuiDiAv",
      "AO2QPiB5",
    ]);
  });

  it("depend on the campaign's key: another key gives other parts for the same seqs", () => {
    const other = newLinkTokenKey();
    expect(other).toMatch(/^[0-9a-f]{32}$/);
    expect(other).not.toBe(newLinkTokenKey());
    const mine = [1, 2, 3, 4, 5].map((seq) => recipientPart(key, seq));
    const theirs = [1, 2, 3, 4, 5].map((seq) => recipientPart(other, seq));
    expect(mine.filter((p, i) => p === theirs[i])).toEqual([]);
    expect(seqOfPart(other, mine[0] ?? "")).not.toBe(1);
  });

  it("read a made-up part as a seq beyond any campaign, but for a negligible share", () => {
    let hits = 0;
    fc.assert(
      fc.property(part, (p) => {
        const seq = seqOfPart(key, p);
        if (seq !== null && seq <= TRACKED_LINK_MAX_SEQ) hits += 1;
      }),
      { numRuns: 2000 },
    );
    // The largest campaign's share of the 62^8 parts is under 10^-7.
    expect(hits).toBe(0);
  });

  it("refuses a part of another width, another character or beyond the permutation's domain", () => {
    expect(seqOfPart(key, "7UpDVuR")).toBeNull();
    expect(seqOfPart(key, "7UpDVuRSx")).toBeNull();
    expect(seqOfPart(key, "7UpDVu-S")).toBeNull();
    expect(seqOfPart(key, "zzzzzzzz")).toBeNull();
    expect(() => recipientPart(key, -1)).toThrow(RangeError);
    expect(() => recipientPart(key, 2 ** 46)).toThrow(RangeError);
  });
});
