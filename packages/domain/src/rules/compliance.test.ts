import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bangkokDayKey } from "./bangkok-time.ts";
import { debtCollectionResumesAt, isAdvertisingDiscouraged, isDebtCollectionBlocked } from "./compliance.ts";

/** Bangkok wall-clock time as an instant (UTC+7, no DST). */
const bkk = (local: string) => new Date(`${local}+07:00`);

// 2026-11-23 is a Monday, 2026-11-27 a Friday, 2026-11-28 a Saturday.
describe("isDebtCollectionBlocked on weekdays", () => {
  it.each([
    ["2026-11-23T00:00:00", true],
    ["2026-11-23T07:59:59", true],
    ["2026-11-23T08:00:00", false],
    ["2026-11-23T12:00:00", false],
    ["2026-11-23T19:59:59", false],
    ["2026-11-23T20:00:00", true],
    ["2026-11-23T23:59:59", true],
    ["2026-11-27T20:00:00", true],
    ["2026-11-27T19:00:00", false],
  ])("%s Bangkok is blocked: %s", (local, expected) => {
    expect(isDebtCollectionBlocked(bkk(local), [])).toBe(expected);
  });
});

describe("isDebtCollectionBlocked on weekends (holiday window 18:00-08:00)", () => {
  it.each([
    ["2026-11-28T02:00:00", true],
    ["2026-11-28T08:00:00", false],
    ["2026-11-28T17:59:59", false],
    ["2026-11-28T18:00:00", true],
    ["2026-11-28T21:00:00", true],
    ["2026-11-29T07:00:00", true],
    ["2026-11-29T12:00:00", false],
    ["2026-11-29T23:00:00", true],
  ])("%s Bangkok is blocked: %s", (local, expected) => {
    expect(isDebtCollectionBlocked(bkk(local), [])).toBe(expected);
  });
});

describe("isDebtCollectionBlocked on public holidays", () => {
  const holidays = ["2026-12-10", "2026-12-05"];

  it.each([
    ["2026-12-10T07:59:59", true],
    ["2026-12-10T08:00:00", false],
    ["2026-12-10T17:59:59", false],
    ["2026-12-10T18:00:00", true],
    ["2026-12-10T19:30:00", true],
    ["2026-12-05T18:30:00", true],
    ["2026-12-05T12:00:00", false],
  ])("%s Bangkok is blocked: %s", (local, expected) => {
    expect(isDebtCollectionBlocked(bkk(local), holidays)).toBe(expected);
  });

  it("is the holiday rule, not the weekday rule, that applies on a weekday holiday", () => {
    // Thursday 10 Dec 2026, 18:30: allowed on a normal weekday, blocked on a holiday.
    expect(isDebtCollectionBlocked(bkk("2026-12-10T18:30:00"), [])).toBe(false);
    expect(isDebtCollectionBlocked(bkk("2026-12-10T18:30:00"), holidays)).toBe(true);
  });

  it("matches holidays by the Bangkok date, not the UTC date", () => {
    // Friday 11 Dec 18:30 in Bangkok; the holiday window applies only when 11 Dec is listed.
    const at = bkk("2026-12-11T18:30:00");
    expect(isDebtCollectionBlocked(at, ["2026-12-11"])).toBe(true);
    expect(isDebtCollectionBlocked(at, ["2026-12-10"])).toBe(false);
    // Saturday 12 Dec 06:30 in Bangkok is still Friday 11 Dec in UTC.
    const early = bkk("2026-12-12T06:30:00");
    expect(early.toISOString().slice(0, 10)).toBe("2026-12-11");
    expect(bangkokDayKey(early)).toBe("2026-12-12");
  });

  it("applies to a holiday on a weekend the same way as the weekend itself", () => {
    expect(isDebtCollectionBlocked(bkk("2026-12-12T18:30:00"), ["2026-12-12"])).toBe(true);
    expect(isDebtCollectionBlocked(bkk("2026-12-12T18:30:00"), [])).toBe(true);
    expect(isDebtCollectionBlocked(bkk("2026-12-12T12:00:00"), ["2026-12-12"])).toBe(false);
  });

  it("is never less strict on a holiday than on the same day without it", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2020-01-01T00:00:00Z"),
          max: new Date("2030-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (at) => {
          const dayKey = new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
          const hour = new Date(at.getTime() + 7 * 3_600_000).getUTCHours();
          const onHoliday = isDebtCollectionBlocked(at, [dayKey]);
          expect(onHoliday).toBe(hour >= 18 || hour < 8);
          if (isDebtCollectionBlocked(at, [])) expect(onHoliday).toBe(true);
        },
      ),
    );
  });

  it("rejects an invalid date", () => {
    expect(() => isDebtCollectionBlocked(new Date("x"), [])).toThrow(RangeError);
  });
});

describe("isAdvertisingDiscouraged", () => {
  it.each([
    ["2026-11-23T00:00:00", true],
    ["2026-11-23T03:00:00", true],
    ["2026-11-23T05:59:59", true],
    ["2026-11-23T06:00:00", false],
    ["2026-11-23T23:59:59", false],
  ])("%s Bangkok is discouraged: %s", (local, expected) => {
    expect(isAdvertisingDiscouraged(bkk(local))).toBe(expected);
  });

  it("uses Bangkok hours: 18:00 UTC is 01:00 in Bangkok", () => {
    expect(isAdvertisingDiscouraged(new Date("2026-11-22T18:00:00Z"))).toBe(true);
    expect(isAdvertisingDiscouraged(new Date("2026-11-22T00:00:00Z"))).toBe(false);
  });
});

describe("debtCollectionResumesAt", () => {
  it.each([
    ["a weekday evening resumes the next morning", "2026-11-23T20:00:00", [], "2026-11-24T08:00:00"],
    [
      "a weekday night after midnight resumes the same morning",
      "2026-11-24T03:15:00",
      [],
      "2026-11-24T08:00:00",
    ],
    ["a Saturday evening resumes Sunday morning", "2026-11-28T18:00:00", [], "2026-11-29T08:00:00"],
    [
      "a holiday evening resumes the next morning",
      "2026-12-10T18:30:00",
      ["2026-12-10"],
      "2026-12-11T08:00:00",
    ],
    ["allowed hours answer the same instant", "2026-11-23T12:34:56", [], "2026-11-23T12:34:56"],
  ])("%s", (_name, local, holidays, expected) => {
    expect(debtCollectionResumesAt(bkk(local), holidays)).toEqual(bkk(expected));
  });

  it("always answers an instant when sending is allowed, never earlier than asked", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2026-01-01T00:00:00Z"),
          max: new Date("2027-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.boolean(),
        (at, holiday) => {
          const holidays = holiday ? [bangkokDayKey(at)] : [];
          const resumes = debtCollectionResumesAt(at, holidays);
          expect(resumes.getTime()).toBeGreaterThanOrEqual(at.getTime());
          expect(isDebtCollectionBlocked(resumes, holidays)).toBe(false);
          // Nothing allowed in between: the first allowed instant, to the minute.
          if (resumes.getTime() - at.getTime() > 60_000) {
            expect(isDebtCollectionBlocked(new Date(resumes.getTime() - 60_000), holidays)).toBe(true);
          }
        },
      ),
    );
  });
});
