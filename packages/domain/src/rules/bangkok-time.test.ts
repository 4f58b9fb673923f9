import { describe, expect, it } from "vitest";
import { assertValidDate, BANGKOK_TIME_ZONE, bangkokDayKey, inBangkok } from "./bangkok-time.ts";

describe("bangkokDayKey", () => {
  it.each([
    ["2026-11-21T16:59:59Z", "2026-11-21"],
    ["2026-11-21T17:00:00Z", "2026-11-22"],
    ["2024-02-28T17:00:00Z", "2024-02-29"],
    ["2026-12-31T23:00:00Z", "2027-01-01"],
  ])("%s -> %s", (iso, expected) => {
    expect(bangkokDayKey(new Date(iso))).toBe(expected);
  });
});

describe("inBangkok", () => {
  it("reads the Bangkok wall clock", () => {
    const local = inBangkok(new Date("2026-11-21T17:30:00Z"));
    expect([local.date(), local.hour(), local.minute(), local.utcOffset()]).toEqual([22, 0, 30, 420]);
  });

  it("is Asia/Bangkok", () => {
    expect(BANGKOK_TIME_ZONE).toBe("Asia/Bangkok");
  });
});

describe("assertValidDate", () => {
  it("accepts a valid Date and rejects Invalid Date with the field name", () => {
    expect(() => assertValidDate(new Date())).not.toThrow();
    expect(() => assertValidDate(new Date(Number.NaN), "sentAt")).toThrow(/sentAt/);
  });
});
