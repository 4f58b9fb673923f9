import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  REFUND_CLOSES_AFTER_MS,
  REFUND_OPENS_AFTER_MS,
  refundableCredits,
  refundBaseTime,
  refundClosesAt,
  refundOpensAt,
  refundStatus,
  refundWindow,
} from "./refund.ts";

const sentAt = new Date("2026-03-01T10:00:00Z");
const sinceSending = (ms: number) => new Date(sentAt.getTime() + ms);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe("refundWindow", () => {
  it.each([
    [0, "too_early"],
    [-DAY, "too_early"],
    [DAY - 1, "too_early"],
    [DAY, "open"],
    [15 * DAY, "open"],
    [30 * DAY, "open"],
    [30 * DAY + 1, "expired"],
    [365 * DAY, "expired"],
  ] as const)("%i ms after sending is %s", (elapsed, expected) => {
    expect(refundWindow(sentAt, sinceSending(elapsed))).toBe(expected);
  });

  it("uses 24 h and 30 days", () => {
    expect(REFUND_OPENS_AFTER_MS).toBe(DAY);
    expect(REFUND_CLOSES_AFTER_MS).toBe(30 * DAY);
  });

  it("rejects invalid dates instead of reporting open", () => {
    expect(() => refundWindow(new Date(Number.NaN), sentAt)).toThrow(RangeError);
    expect(() => refundWindow(sentAt, new Date("nope"))).toThrow(RangeError);
  });
});

describe("refundableCredits", () => {
  const base = { sentAt, undeliveredCredits: 42, alreadyRefunded: false };

  it("returns the undelivered credits while the window is open", () => {
    expect(refundableCredits({ ...base, now: sinceSending(DAY) })).toBe(42);
    expect(refundableCredits({ ...base, now: sinceSending(30 * DAY) })).toBe(42);
  });

  it("returns 0 before 24 h, after 30 days and after a refund", () => {
    expect(refundableCredits({ ...base, now: sinceSending(DAY - 1) })).toBe(0);
    expect(refundableCredits({ ...base, now: sinceSending(30 * DAY + 1) })).toBe(0);
    expect(refundableCredits({ ...base, now: sinceSending(2 * DAY), alreadyRefunded: true })).toBe(0);
  });

  it.each([-1, 1.5, Number.NaN])("rejects %s undelivered credits", (undeliveredCredits) => {
    expect(() => refundableCredits({ ...base, now: sinceSending(DAY), undeliveredCredits })).toThrow(
      RangeError,
    );
  });

  it("never exceeds the undelivered credits and is non-zero only when open and not refunded", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2 * DAY, max: 40 * DAY }),
        fc.nat({ max: 1_000_000 }),
        fc.boolean(),
        (elapsed, undeliveredCredits, alreadyRefunded) => {
          const now = sinceSending(elapsed);
          const credits = refundableCredits({ sentAt, now, undeliveredCredits, alreadyRefunded });
          const open = refundWindow(sentAt, now) === "open" && !alreadyRefunded;
          expect(credits).toBe(open ? undeliveredCredits : 0);
        },
      ),
    );
  });
});

describe("refund window times", () => {
  it("starts at sent_at, or at acceptance when never fully sent", () => {
    const acceptedAt = new Date("2026-03-01T09:00:00Z");
    expect(refundBaseTime({ sentAt, acceptedAt })).toEqual(sentAt);
    expect(refundBaseTime({ sentAt: null, acceptedAt })).toEqual(acceptedAt);
  });

  it("opens exactly 24 h and closes exactly 30 days after sending, both instants inside", () => {
    const opens = refundOpensAt(sentAt);
    const closes = refundClosesAt(sentAt);
    expect(opens.toISOString()).toBe("2026-03-02T10:00:00.000Z");
    expect(closes.toISOString()).toBe("2026-03-31T10:00:00.000Z");
    expect(refundWindow(sentAt, opens)).toBe("open");
    expect(refundWindow(sentAt, closes)).toBe("open");
    expect(refundWindow(sentAt, new Date(opens.getTime() - 1))).toBe("too_early");
    expect(refundWindow(sentAt, new Date(closes.getTime() + 1))).toBe("expired");
  });

  it("reports refunded whatever the window, else the window", () => {
    const refundedAt = sinceSending(2 * DAY);
    expect(refundStatus({ sentAt, now: sinceSending(0), refundedAt })).toBe("refunded");
    expect(refundStatus({ sentAt, now: sinceSending(40 * DAY), refundedAt })).toBe("refunded");
    expect(refundStatus({ sentAt, now: sinceSending(DAY - 1), refundedAt: null })).toBe("too_early");
    expect(refundStatus({ sentAt, now: sinceSending(DAY), refundedAt: null })).toBe("open");
    expect(refundStatus({ sentAt, now: sinceSending(30 * DAY + 1), refundedAt: null })).toBe("expired");
  });
});
