import { CronExpressionParser } from "cron-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CRON_MIN_INTERVAL_MINUTES,
  dailyCron,
  firstRunFrom,
  minIntervalMinutes,
  monthlyCron,
  nextRun,
  nextRuns,
  parseCron,
  presetCron,
  recognisePreset,
  weeklyCron,
} from "./cron.ts";

/** A Bangkok wall-clock time as the instant it is. */
const bkk = (text: string) => new Date(`${text}:00+07:00`);
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe("parseCron", () => {
  it("accepts lists, ranges, steps, names and both Sundays", () => {
    const parsed = parseCron("0,30 9-17/4 1,15 JAN-mar/2 mon-FRI,7");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.schedule.minutes).toEqual([0, 30]);
    expect(parsed.schedule.hours).toEqual([9, 13, 17]);
    expect(parsed.schedule.daysOfMonth).toEqual([1, 15]);
    expect(parsed.schedule.months).toEqual([1, 3]);
    expect(parsed.schedule.daysOfWeek).toEqual([0, 1, 2, 3, 4, 5]);
    expect(parsed.schedule.dayOfMonthRestricted).toBe(true);
    const sunday = parseCron("0 0 * * 7");
    expect(sunday.ok && sunday.schedule.daysOfWeek).toEqual([0]);
    const step = parseCron("5/20 * * * *");
    expect(step.ok && step.schedule.minutes).toEqual([5, 25, 45]);
  });

  it.each([
    ["", null, "schedules.cron.required"],
    ["* * * *", null, "schedules.cron.field_count"],
    ["* * * * * *", null, "schedules.cron.field_count"],
    ["60 * * * *", "minute", "schedules.cron.minute_invalid"],
    ["*/0 * * * *", "minute", "schedules.cron.minute_invalid"],
    ["1-x * * * *", "minute", "schedules.cron.minute_invalid"],
    ["0 24 * * *", "hour", "schedules.cron.hour_invalid"],
    ["0 5-3 * * *", "hour", "schedules.cron.hour_invalid"],
    ["0 0 0 * *", "day_of_month", "schedules.cron.day_of_month_invalid"],
    ["0 0 32 * *", "day_of_month", "schedules.cron.day_of_month_invalid"],
    ["0 0 * 13 *", "month", "schedules.cron.month_invalid"],
    ["0 0 * FOO *", "month", "schedules.cron.month_invalid"],
    ["0 0 * * 8", "day_of_week", "schedules.cron.day_of_week_invalid"],
    ["0 0 * * MON,", "day_of_week", "schedules.cron.day_of_week_invalid"],
    ["0 0 31 2 *", "day_of_month", "schedules.cron.never"],
    ["0 0 30,31 2,4 *", null, null],
  ])("%s → %s %s", (expression, field, key) => {
    const parsed = parseCron(expression);
    if (key === null) {
      expect(parsed.ok).toBe(true);
      return;
    }
    expect(parsed).toEqual({ ok: false, field, key });
  });
});

describe("nextRuns (Asia/Bangkok, UTC+7)", () => {
  it("daily at 09:00 Bangkok is 02:00 UTC, strictly after `after`", () => {
    expect(iso(nextRuns("0 9 * * *", bkk("2026-11-25 09:00"), 3))).toEqual([
      "2026-11-26T02:00:00.000Z",
      "2026-11-27T02:00:00.000Z",
      "2026-11-28T02:00:00.000Z",
    ]);
    expect(iso(nextRuns("0 9 * * *", bkk("2026-11-25 08:59"), 1))).toEqual(["2026-11-25T02:00:00.000Z"]);
  });

  it("crosses the Bangkok midnight, the month and the year", () => {
    expect(iso(nextRuns("30 23 * * *", bkk("2026-12-31 23:45"), 2))).toEqual([
      "2027-01-01T16:30:00.000Z",
      "2027-01-02T16:30:00.000Z",
    ]);
    // 00:15 Bangkok on 1 January is still 31 December in UTC.
    expect(iso(nextRuns("15 0 1 1 *", bkk("2026-06-01 00:00"), 1))).toEqual(["2026-12-31T17:15:00.000Z"]);
  });

  it("day of month OR day of week when both are restricted", () => {
    // 13th of the month or a Friday, at 08:00.
    const runs = nextRuns("0 8 13 * 5", bkk("2026-11-01 00:00"), 5);
    expect(iso(runs)).toEqual(
      ["2026-11-06", "2026-11-13", "2026-11-20", "2026-11-27", "2026-12-04"].map((d) =>
        bkk(`${d} 08:00`).toISOString(),
      ),
    );
    // Only the weekday restricted: Fridays alone.
    expect(nextRuns("0 8 * * 5", bkk("2026-11-12 00:00"), 1)).toEqual([bkk("2026-11-13 08:00")]);
  });

  it("skips months without the day, and finds 29 February", () => {
    expect(nextRuns("0 10 31 * *", bkk("2026-11-01 00:00"), 2)).toEqual([
      bkk("2026-12-31 10:00"),
      bkk("2027-01-31 10:00"),
    ]);
    expect(nextRuns("0 0 29 2 *", bkk("2026-03-01 00:00"), 1)).toEqual([bkk("2028-02-29 00:00")]);
  });

  it("stops at `until` (inclusive) and answers fewer runs", () => {
    const until = bkk("2026-11-27 09:00");
    expect(nextRuns("0 9 * * *", bkk("2026-11-25 00:00"), 10, until)).toEqual([
      bkk("2026-11-25 09:00"),
      bkk("2026-11-26 09:00"),
      bkk("2026-11-27 09:00"),
    ]);
    expect(nextRun("0 9 * * *", bkk("2026-11-27 09:00"), until)).toBeNull();
  });

  it("firstRunFrom includes the start minute itself", () => {
    expect(firstRunFrom("0 9 * * *", bkk("2026-11-25 09:00"))).toEqual(bkk("2026-11-25 09:00"));
    expect(firstRunFrom("0 9 * * *", bkk("2026-11-25 09:01"))).toEqual(bkk("2026-11-26 09:00"));
  });

  it("throws on an invalid expression", () => {
    expect(() => nextRuns("nope", new Date(), 1)).toThrow(RangeError);
  });
});

describe("minIntervalMinutes", () => {
  it.each([
    ["0 9 * * *", 1440],
    ["0 * * * *", 60],
    ["*/15 * * * *", 15],
    ["* 9 * * *", 1],
    ["0,45 9,10 * * *", 15],
    ["0,45 9,12 * * *", 45],
    ["50 23,0 * * *", 60],
    ["0 9,17 * * *", 480],
  ])("%s → %d", (expression, minutes) => {
    expect(minIntervalMinutes(expression)).toBe(minutes);
  });

  it("is never larger than the real gap between consecutive runs", () => {
    for (const expression of ["0,45 9,10 * * *", "*/20 8-9 * * 1-5", "50 23,0 * * *", "5 */3 * * *"]) {
      const runs = nextRuns(expression, bkk("2026-11-25 00:00"), 200);
      let real = Number.POSITIVE_INFINITY;
      for (let i = 1; i < runs.length; i++) {
        real = Math.min(real, ((runs[i]?.getTime() ?? 0) - (runs[i - 1]?.getTime() ?? 0)) / 60_000);
      }
      expect(minIntervalMinutes(expression)).toBeLessThanOrEqual(real);
    }
    expect(CRON_MIN_INTERVAL_MINUTES).toBe(60);
  });
});

describe("presets", () => {
  it("builds daily, weekly and monthly expressions", () => {
    expect(dailyCron({ hour: 9, minute: 5 })).toBe("5 9 * * *");
    expect(weeklyCron([5, 1, 7, 1], { hour: 18, minute: 30 })).toBe("30 18 * * 0,1,5");
    expect(monthlyCron(15, { hour: 8, minute: 0 })).toBe("0 8 15 * *");
    expect(() => weeklyCron([], { hour: 1, minute: 0 })).toThrow(RangeError);
    expect(() => dailyCron({ hour: 24, minute: 0 })).toThrow(RangeError);
    expect(() => monthlyCron(32, { hour: 1, minute: 0 })).toThrow(RangeError);
  });

  it("recognises presets, and not custom expressions", () => {
    expect(recognisePreset("5 9 * * *")).toEqual({ kind: "daily", time: { hour: 9, minute: 5 } });
    expect(recognisePreset("30 18 * * MON,FRI")).toEqual({
      kind: "weekly",
      days: [1, 5],
      time: { hour: 18, minute: 30 },
    });
    expect(recognisePreset("0 8 15 * *")).toEqual({ kind: "monthly", day: 15, time: { hour: 8, minute: 0 } });
    for (const custom of ["*/15 * * * *", "0 8 15 * 1", "0 8 1,15 * *", "0 8 * 6 *", "0 8,9 * * *", "bad"]) {
      expect(recognisePreset(custom)).toBeNull();
    }
  });

  it("round-trips every preset", () => {
    const time = fc.record({
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
    });
    const preset = fc.oneof(
      time.map((t) => ({ kind: "daily" as const, time: t })),
      fc
        .tuple(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 }), time)
        .map(([days, t]) => ({ kind: "weekly" as const, days: days.sort((a, b) => a - b), time: t })),
      fc
        .tuple(fc.integer({ min: 1, max: 31 }), time)
        .map(([day, t]) => ({ kind: "monthly" as const, day, time: t })),
    );
    fc.assert(
      fc.property(preset, (p) => {
        expect(recognisePreset(presetCron(p))).toEqual(p);
      }),
    );
  });
});

describe("against cron-parser", () => {
  /** One field item: `*`, a value, a range, or a stepped form, inside [min, max]. */
  const item = (min: number, max: number) =>
    fc.oneof(
      fc.constant("*"),
      fc.integer({ min, max }).map(String),
      fc
        .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
        .map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
      fc.integer({ min: 1, max: Math.max(2, Math.floor((max - min) / 2)) }).map((s) => `*/${s}`),
      fc
        .tuple(fc.integer({ min, max }), fc.integer({ min, max }), fc.integer({ min: 1, max: 5 }))
        .map(([a, b, s]) => `${Math.min(a, b)}-${Math.max(a, b)}/${s}`),
    );
  const field = (min: number, max: number) =>
    fc.array(item(min, max), { minLength: 1, maxLength: 3 }).map((items) =>
      // A `*` only on its own (cron-parser refuses it inside a list).
      items.includes("*") ? "*" : items.join(","),
    );
  const expression = fc
    .tuple(field(0, 59), field(0, 23), field(1, 31), field(1, 12), field(0, 7))
    .map((fields) => fields.join(" "));
  // Any instant between 2020 and 2035.
  const instant = fc
    .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) })
    .map((ms) => new Date(ms));

  it("gives the same next five runs", () => {
    let compared = 0;
    fc.assert(
      fc.property(expression, instant, (expr, after) => {
        let theirs: string[];
        try {
          const interval = CronExpressionParser.parse(expr, { currentDate: after, tz: "Asia/Bangkok" });
          theirs = interval.take(5).map((d) => d.toISOString() ?? "");
        } catch {
          // cron-parser refuses some lists ours accepts (repeated values); nothing to compare.
          return;
        }
        const parsed = parseCron(expr);
        expect(parsed.ok).toBe(true);
        expect(iso(nextRuns(expr, after, 5))).toEqual(theirs);
        compared += 1;
      }),
      { numRuns: 800 },
    );
    // Most expressions are compared, not skipped as refused by cron-parser.
    expect(compared).toBeGreaterThan(120);
  });
});

describe("the subset of cron-parser's grammar we accept", () => {
  it.each([
    ["0 0 L * *", "day_of_month"],
    ["0 0 15W * *", "day_of_month"],
    ["0 0 * * 5#3", "day_of_week"],
    ["0 0 * * 5L", "day_of_week"],
    ["H * * * *", "minute"],
    ["0 0 ? * *", "day_of_month"],
    ["001 * * * *", "minute"],
    ["*/60 * * * *", "minute"],
    ["0 0 * * tue-mon", "day_of_week"],
  ])("refuses %s in %s", (expression, field) => {
    expect(parseCron(expression)).toMatchObject({ ok: false, field });
  });

  it("refuses aliases and a seconds field", () => {
    expect(parseCron("@daily")).toEqual({ ok: false, field: null, key: "schedules.cron.field_count" });
    expect(parseCron("0 0 9 * * *")).toEqual({ ok: false, field: null, key: "schedules.cron.field_count" });
  });

  it("accepts a value two list items share, as cron does", () => {
    const parsed = parseCron("0,*/30 9 * * 0,7,SUN");
    expect(parsed.ok && parsed.schedule.minutes).toEqual([0, 30]);
    expect(parsed.ok && parsed.schedule.daysOfWeek).toEqual([0]);
    expect(nextRuns("0,*/30 9 * * 0,7,SUN", bkk("2026-11-28 00:00"), 3)).toEqual([
      bkk("2026-11-29 09:00"),
      bkk("2026-11-29 09:30"),
      bkk("2026-12-06 09:00"),
    ]);
  });

  it("finds a 29 February eight years ahead, across 2100", () => {
    expect(nextRun("0 0 29 2 *", bkk("2097-03-01 00:00"))).toEqual(bkk("2104-02-29 00:00"));
  });
});
