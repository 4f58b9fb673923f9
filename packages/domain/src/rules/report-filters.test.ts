import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bangkokDayKey } from "./bangkok-time.ts";
import {
  boundedDateRange,
  dateRange,
  dateRangeProblem,
  parseReportDate,
  spanInDays,
  toDateRange,
  ZDateRange,
  ZReportPhone,
} from "./report-filters.ts";

// 14 May 2026, 23:30 in Bangkok (still 14 May there, already 16:30 UTC).
const now = () => new Date("2026-05-14T16:30:00Z");

describe("parseReportDate", () => {
  it.each([
    ["2026-05-01", { day: "2026-05-01", time: null }],
    ["2026-05-01 09:05", { day: "2026-05-01", time: "09:05" }],
    ["2026-05-01T23:59", { day: "2026-05-01", time: "23:59" }],
    [" 2024-02-29 ", { day: "2024-02-29", time: null }],
  ])("reads %j", (text, expected) => {
    expect(parseReportDate(text)).toEqual(expected);
  });

  it.each([
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-05-01 24:00",
    "2026-05-01 12:60",
    "2026-5-1",
    "01/05/2026",
    "2026-05-01 9:05",
    "2026-05-01 09:05:00",
    "",
  ])("refuses %j", (text) => {
    expect(parseReportDate(text)).toBeNull();
  });
});

describe("spanInDays", () => {
  it("counts both ends, across months and leap days", () => {
    expect(spanInDays("2026-05-01", "2026-05-31")).toBe(31);
    expect(spanInDays("2026-05-01", "2026-05-01")).toBe(1);
    expect(spanInDays("2024-02-28", "2024-03-01")).toBe(3);
  });
});

describe("toDateRange", () => {
  it("maps Bangkok days and minutes to half-open UTC instants", () => {
    expect(toDateRange({ day: "2026-05-01", time: null }, { day: "2026-05-31", time: null })).toEqual({
      start: new Date("2026-04-30T17:00:00Z"),
      end: new Date("2026-05-31T17:00:00Z"),
      days: 31,
    });
    expect(toDateRange({ day: "2026-05-01", time: "08:15" }, { day: "2026-05-01", time: "08:15" })).toEqual({
      start: new Date("2026-05-01T01:15:00Z"),
      end: new Date("2026-05-01T01:16:00Z"),
      days: 1,
    });
  });

  it("covers exactly the days it counts, whatever the machine's time zone", () => {
    const day = fc
      .date({
        min: new Date("2000-01-01T00:00:00Z"),
        max: new Date("2099-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [first, last] = a <= b ? [a, b] : [b, a];
        const range = toDateRange({ day: first, time: null }, { day: last, time: null });
        expect(range.end.getTime() - range.start.getTime()).toBe(range.days * 86_400_000);
        expect(bangkokDayKey(range.start)).toBe(first);
        expect(bangkokDayKey(new Date(range.end.getTime() - 1))).toBe(last);
      }),
    );
  });
});

describe("dateRangeProblem", () => {
  const d = (text: string) => parseReportDate(text) ?? { day: "invalid", time: null };

  it("never allows a day after today in Bangkok", () => {
    expect(dateRangeProblem(d("2026-05-14"), d("2026-05-14 23:59"), { now })).toBeNull();
    expect(dateRangeProblem(d("2026-05-14"), d("2026-05-15"), { now })).toBe("validation.date_in_future");
    expect(dateRangeProblem(d("2026-05-15"), d("2026-05-15"), { now })).toBe("validation.date_in_future");
  });

  it("checks the order to the minute", () => {
    expect(dateRangeProblem(d("2026-05-01 10:00"), d("2026-05-01 09:59"), { now })).toBe(
      "validation.date_range_order",
    );
    expect(dateRangeProblem(d("2026-05-01 10:00"), d("2026-05-01"), { now })).toBeNull();
  });

  it("limits the span in calendar days", () => {
    expect(dateRangeProblem(d("2026-05-01"), d("2026-05-07"), { now, maxDays: 7 })).toBeNull();
    expect(dateRangeProblem(d("2026-05-01"), d("2026-05-08"), { now, maxDays: 7 })).toBe(
      "validation.date_range_too_long",
    );
  });
});

describe("ZDateRange / dateRange", () => {
  it("accepts both formats and answers instants", () => {
    const range = dateRange({ now }).parse({ start: "2026-05-01 00:00", end: "2026-05-02" });
    expect(range).toEqual({
      start: new Date("2026-04-30T17:00:00Z"),
      end: new Date("2026-05-02T17:00:00Z"),
      days: 2,
    });
  });

  it("answers message keys on the end field", () => {
    const result = dateRange({ now, maxDays: 3 }).safeParse({ start: "2026-05-01", end: "2026-05-04" });
    expect(result.error?.issues).toMatchObject([
      { path: ["end"], message: "validation.date_range_too_long" },
    ]);
    const bad = ZDateRange.safeParse({ start: "yesterday", end: "2026-05-04" });
    expect(bad.error?.issues).toMatchObject([{ path: ["start"], message: "validation.date_invalid" }]);
  });
});

describe("boundedDateRange", () => {
  it("defaults to the last days up to the end of today in Bangkok", () => {
    expect(boundedDateRange(undefined, { maxDays: 31, now })).toEqual({
      start: new Date("2026-05-07T17:00:00Z"),
      end: new Date("2026-05-14T17:00:00Z"),
      days: 7,
    });
    expect(boundedDateRange(undefined, { maxDays: 3, defaultDays: 7, now }).days).toBe(3);
  });

  it("keeps a range within the limit and refuses a longer one", () => {
    const range = toDateRange({ day: "2026-05-01", time: null }, { day: "2026-05-31", time: null });
    expect(boundedDateRange(range, { maxDays: 31 })).toBe(range);
    expect(() => boundedDateRange(range, { maxDays: 30 })).toThrow(RangeError);
  });
});

describe("ZReportPhone", () => {
  it.each([
    ["0812345678", "66812345678"],
    ["+66 81 234 5678", "66812345678"],
    ["66912345678", "66912345678"],
  ])("normalises %j", (text, expected) => {
    expect(ZReportPhone.parse(text)).toBe(expected);
  });

  it("treats a blank filter as none", () => {
    expect(ZReportPhone.parse("")).toBeUndefined();
    expect(ZReportPhone.parse(undefined)).toBeUndefined();
  });

  it.each(["12345", "0212345678", "08123456789", "abc"])("refuses %j with the spec message", (text) => {
    expect(ZReportPhone.safeParse(text).error?.issues[0]?.message).toBe("validation.phone_invalid");
  });
});
