import { describe, expect, it } from "vitest";
import {
  DASHBOARD_DEFAULT_DAYS,
  dashboardQuery,
  daysOf,
  defaultDashboardPeriod,
  shiftDay,
} from "./dashboard.ts";

// 2026-11-27 23:30 in Bangkok is still 16:30 UTC: "today" is the Bangkok day.
const lateEvening = () => new Date("2026-11-27T16:30:00Z");
const justAfterMidnight = () => new Date("2026-11-27T17:05:00Z");

describe("dashboard period", () => {
  it("defaults to the last 30 Bangkok days, today included", () => {
    expect(defaultDashboardPeriod(lateEvening())).toEqual({ start: "2026-10-29", end: "2026-11-27" });
    expect(defaultDashboardPeriod(justAfterMidnight())).toEqual({ start: "2026-10-30", end: "2026-11-28" });
    expect(daysOf("2026-10-29", "2026-11-27")).toHaveLength(DASHBOARD_DEFAULT_DAYS);
  });

  it("lists every day across month and year ends", () => {
    expect(daysOf("2026-12-30", "2027-01-02")).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ]);
    expect(daysOf("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(shiftDay("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("reads start and end as whole days and refuses what every report refuses", () => {
    const query = dashboardQuery({ now: lateEvening });
    expect(query.parse({})).toEqual({ start: "2026-10-29", end: "2026-11-27" });
    expect(query.parse({ start: "2026-11-01 08:00", end: "2026-11-27" })).toEqual({
      start: "2026-11-01",
      end: "2026-11-27",
    });
    const problem = (input: Record<string, string>) => query.safeParse(input).error?.issues[0]?.message;
    expect(problem({ start: "2026-11-27", end: "2026-11-28" })).toBe("validation.date_in_future");
    expect(problem({ start: "2026-08-27", end: "2026-11-27" })).toBe("validation.date_range_too_long");
    expect(query.safeParse({ start: "2026-08-28", end: "2026-11-27" }).success).toBe(true);
    expect(problem({ start: "2026-11-27", end: "2026-11-01" })).toBe("validation.date_range_order");
    expect(problem({ end: "2026-11-01" })).toBe("validation.date_range_incomplete");
    expect(problem({ start: "yesterday", end: "2026-11-01" })).toBe("validation.date_invalid");
  });
});
