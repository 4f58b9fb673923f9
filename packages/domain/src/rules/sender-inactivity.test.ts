import { describe, expect, it } from "vitest";
import { senderCancellationDate, senderInactivityCutoffs, senderLastActivity } from "./sender-inactivity.ts";

describe("senderInactivityCutoffs", () => {
  it("warns after 11 Bangkok calendar months and cancels after 12", () => {
    // 2026-03-31 08:00 in Bangkok.
    const now = new Date("2026-03-31T01:00:00Z");
    const { warnUsedBefore, cancelUsedBefore, cancelWarnedBefore } = senderInactivityCutoffs(now);
    // 11 months before 31 March is 30 April of the year before (April has 30 days).
    expect(warnUsedBefore.toISOString()).toBe("2025-04-30T01:00:00.000Z");
    expect(cancelUsedBefore.toISOString()).toBe("2025-03-31T01:00:00.000Z");
    // A warning must be a month old: 28 February 2026 (the last day of that month).
    expect(cancelWarnedBefore.toISOString()).toBe("2026-02-28T01:00:00.000Z");
  });

  it("counts months on the Bangkok calendar, not UTC's", () => {
    // 1 March 2026 00:30 in Bangkok is still 28 February in UTC.
    const now = new Date("2026-02-28T17:30:00Z");
    expect(senderInactivityCutoffs(now).cancelUsedBefore.toISOString()).toBe("2025-02-28T17:30:00.000Z");
  });

  it("refuses an invalid date", () => {
    expect(() => senderInactivityCutoffs(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("senderLastActivity", () => {
  it("is the last send, or the approval when the sender never sent", () => {
    const decidedAt = new Date("2025-01-01T00:00:00Z");
    const lastUsedAt = new Date("2025-06-01T00:00:00Z");
    expect(senderLastActivity({ lastUsedAt, decidedAt })).toBe(lastUsedAt);
    expect(senderLastActivity({ lastUsedAt: null, decidedAt })).toBe(decidedAt);
    expect(senderLastActivity({ lastUsedAt: null, decidedAt: null })).toBeNull();
  });
});

describe("senderCancellationDate", () => {
  it("is a year after the last activity when the warning came on time, as the cut-offs agree", () => {
    const last = new Date("2025-05-10T03:00:00Z");
    const warned = new Date("2026-04-10T03:00:00Z");
    const cancel = senderCancellationDate(last, warned);
    expect(cancel.toISOString()).toBe("2026-05-10T03:00:00.000Z");
    const cutoffs = senderInactivityCutoffs(cancel);
    expect(cutoffs.cancelUsedBefore.getTime()).toBe(last.getTime());
    expect(cutoffs.cancelWarnedBefore.getTime()).toBe(warned.getTime());
  });

  it("is a month after a late warning", () => {
    const last = new Date("2024-01-01T03:00:00Z");
    const warned = new Date("2026-04-10T03:00:00Z");
    expect(senderCancellationDate(last, warned).toISOString()).toBe("2026-05-10T03:00:00.000Z");
  });
});
