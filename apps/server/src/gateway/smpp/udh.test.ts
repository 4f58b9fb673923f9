import { describe, expect, it } from "vitest";
import { TokenBucket } from "./token-bucket.ts";
import { concatUdh, ESM_CLASS_UDHI, parseConcatUdh, wirePdus } from "./udh.ts";

describe("concatenation UDH", () => {
  it("writes IEI 0x00 with an 8-bit reference, total and sequence", () => {
    expect([...concatUdh(0x1ff, 3, 2)]).toEqual([0x05, 0x00, 0x03, 0xff, 3, 2]);
    expect(() => concatUdh(1, 1, 1)).toThrow(RangeError);
    expect(() => concatUdh(1, 2, 3)).toThrow(RangeError);
  });

  it("sends a single part bare and every part of a long message with a header", () => {
    const one = wirePdus([Uint8Array.of(1, 2)], 9);
    expect(one).toEqual([{ shortMessage: Buffer.from([1, 2]), esmClass: 0 }]);
    const many = wirePdus([Uint8Array.of(1), Uint8Array.of(2)], 9);
    expect(many.map((p) => p.esmClass)).toEqual([ESM_CLASS_UDHI, ESM_CLASS_UDHI]);
    const parsed = parseConcatUdh(many[1]!.shortMessage);
    expect(parsed.udh).toEqual({ reference: 9, total: 2, sequence: 2 });
    expect([...parsed.payload]).toEqual([2]);
  });
});

describe("TokenBucket", () => {
  it("allows the burst, then one token per 1/rate seconds", () => {
    let now = 0;
    const bucket = new TokenBucket(100, 2, () => now);
    expect(bucket.tryTake()).toBe(true);
    expect(bucket.tryTake()).toBe(true);
    expect(bucket.tryTake()).toBe(false);
    expect(bucket.waitMs()).toBe(10);
    now += 10;
    expect(bucket.tryTake()).toBe(true);
    now += 1000;
    expect([bucket.tryTake(), bucket.tryTake(), bucket.tryTake()]).toEqual([true, true, false]);
  });

  it("changes rate (and burst) on the fly, and can drop its saved tokens", () => {
    let now = 0;
    const bucket = new TokenBucket(1000, undefined, () => now);
    expect(bucket.capacity).toBe(20);
    bucket.setRate(50);
    expect(bucket.ratePerSecond).toBe(50);
    expect(bucket.capacity).toBe(1);
    expect([bucket.tryTake(), bucket.tryTake()]).toEqual([true, false]);
    expect(bucket.waitMs()).toBe(20);
    now += 1000;
    bucket.empty();
    expect(bucket.tryTake()).toBe(false);
    now += 20;
    expect(bucket.tryTake()).toBe(true);
  });
});
