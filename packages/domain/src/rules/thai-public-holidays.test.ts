import { describe, expect, it } from "vitest";
import { ZCreateHolidayRequest } from "../contracts/admin.ts";
import {
  THAI_PUBLIC_HOLIDAY_YEARS,
  THAI_PUBLIC_HOLIDAYS,
  THAI_PUBLIC_HOLIDAYS_SOURCE,
  thaiHolidaysProvisional,
  thaiPublicHolidays,
} from "./thai-public-holidays.ts";

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const THAI = /[\u0E00-\u0E7F]/;

describe("Thailand's public holidays (review D69)", () => {
  it("covers 2026 and 2027, and no other year", () => {
    expect(THAI_PUBLIC_HOLIDAY_YEARS).toEqual([2026, 2027]);
    expect(thaiPublicHolidays(2026)).toBe(THAI_PUBLIC_HOLIDAYS[2026]);
    expect(thaiPublicHolidays(2028)).toBeNull();
    expect(thaiPublicHolidays(2025)).toBeNull();
  });

  it.each(THAI_PUBLIC_HOLIDAY_YEARS)(
    "lists %i's dates in order, each in its year, once, as a holiday the back office accepts",
    (year) => {
      const holidays = THAI_PUBLIC_HOLIDAYS[year] ?? [];
      const dates = holidays.map((h) => h.date);
      expect(dates.length).toBeGreaterThanOrEqual(20);
      expect(dates.every((date) => date.startsWith(`${year}-`))).toBe(true);
      expect(new Set(dates).size).toBe(dates.length);
      expect(dates).toEqual([...dates].sort());
      for (const holiday of holidays) {
        // The same checks as a holiday typed by hand (a real date, a name of at most 100 characters).
        expect(ZCreateHolidayRequest.safeParse({ date: holiday.date, name: holiday.name.th }).success).toBe(
          true,
        );
        expect(ZCreateHolidayRequest.safeParse({ date: holiday.date, name: holiday.name.en }).success).toBe(
          true,
        );
      }
    },
  );

  it.each(THAI_PUBLIC_HOLIDAY_YEARS)("names every %i holiday in Thai and in English", (year) => {
    for (const { name } of THAI_PUBLIC_HOLIDAYS[year] ?? []) {
      expect(name.th).toMatch(THAI);
      expect(name.en).not.toMatch(THAI);
      expect(name.en).toMatch(/^[A-Z]/);
    }
  });

  it.each(THAI_PUBLIC_HOLIDAY_YEARS)(
    "has %i's fixed dates, the four Buddhist holidays and a working-day substitute for each weekend holiday",
    (year) => {
      const holidays = THAI_PUBLIC_HOLIDAYS[year] ?? [];
      const on = (monthDay: string) => holidays.find((h) => h.date === `${year}-${monthDay}`)?.name.en;
      expect(on("01-01")).toBe("New Year's Day");
      expect(on("04-06")).toBe("Chakri Memorial Day");
      expect([on("04-13"), on("04-14"), on("04-15")]).toEqual(Array(3).fill("Songkran Festival"));
      expect(on("07-28")).toBe("H.M. King Maha Vajiralongkorn's Birthday");
      expect(on("12-05")).toBe("King Bhumibol's Birthday, National Day and Father's Day");
      expect(on("12-31")).toBe("New Year's Eve");
      expect(
        holidays
          .filter((h) => h.kind === "buddhist")
          .map((h) => h.name.en)
          .sort(),
      ).toEqual([
        "Asarnha Bucha Day",
        "Buddhist Lent Day (Khao Phansa)",
        "Makha Bucha Day",
        "Visakha Bucha Day",
      ]);
      // Khao Phansa is the day after Asarnha Bucha.
      const asarnha = holidays.find((h) => h.name.en === "Asarnha Bucha Day")?.date ?? "";
      const lent = holidays.find((h) => h.name.en.startsWith("Buddhist Lent"))?.date ?? "";
      expect(Date.parse(lent) - Date.parse(asarnha)).toBe(86_400_000);

      const dates = new Set(holidays.map((h) => h.date));
      for (const substitution of holidays.filter((h) => h.kind === "substitution")) {
        expect([0, 6]).not.toContain(weekday(substitution.date));
        const given = holidays.find(
          (h) => h.kind !== "substitution" && `Substitution day for ${h.name.en}` === substitution.name.en,
        );
        expect(given && [0, 6].includes(weekday(given.date))).toBe(true);
      }
      // Every non-Buddhist-Lent holiday on a weekend has its substitute.
      for (const holiday of holidays.filter(
        (h) => h.kind !== "substitution" && [0, 6].includes(weekday(h.date)),
      )) {
        if (holiday.name.en.startsWith("Buddhist Lent")) continue;
        const substitute = holidays.find((h) => h.name.en === `Substitution day for ${holiday.name.en}`);
        expect({ holiday: holiday.date, substitute: substitute?.date ?? null }).toMatchObject({
          substitute: expect.any(String),
        });
        expect(dates.has(substitute?.date ?? "")).toBe(true);
      }
    },
  );

  it("says where the table comes from in both languages", () => {
    expect(THAI_PUBLIC_HOLIDAYS_SOURCE.th).toMatch(/คณะรัฐมนตรี/);
    expect(THAI_PUBLIC_HOLIDAYS_SOURCE.en).toMatch(/Cabinet/);
  });
});

describe("2027's lunar dates (ADR 108)", () => {
  const lunar = (year: number) =>
    (THAI_PUBLIC_HOLIDAYS[year] ?? []).filter((h) => h.kind === "buddhist").map((h) => [h.date, h.name.en]);

  it("are the dates published calendars give for B.E. 2570", () => {
    // python-holidays (vacanza/holidays, snapshots/countries/TH_COMMON.json: 21 Feb with 22 Feb in
    // lieu, 20 May, 18 Jul, 19 Jul with 20 Jul in lieu), publicholidays.asia (Makha Bucha 21 Feb, a
    // Sunday, and 22 Feb) and calendar-yearly.com (Asarnha Bucha Sunday 18 Jul 2027), read Nov 2026.
    expect(lunar(2027)).toEqual([
      ["2027-02-21", "Makha Bucha Day"],
      ["2027-05-20", "Visakha Bucha Day"],
      ["2027-07-18", "Asarnha Bucha Day"],
      ["2027-07-19", "Buddhist Lent Day (Khao Phansa)"],
    ]);
  });

  it("are marked provisional until checked against the Cabinet's announcement; 2026's are not", () => {
    expect(thaiHolidaysProvisional(2026)).toBeNull();
    const note = thaiHolidaysProvisional(2027);
    expect(note?.en).toContain("Cabinet");
    expect(note?.th).toContain("คณะรัฐมนตรี");
    for (const [date] of lunar(2027)) {
      const [, month, day] = (date ?? "").split("-").map(Number);
      expect(note?.en).toContain(
        `${day} ${["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul"][month ?? 0]}`,
      );
    }
  });
});
