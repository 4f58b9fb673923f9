import {
  type CalendarDate,
  CalendarDateTime,
  GregorianCalendar,
  parseDate,
  parseDateTime,
  Time,
  toCalendar,
  toCalendarDate,
  today,
} from "@internationalized/date";

import { BANGKOK_TIME_ZONE } from "./time-zone";

/** Thai readers expect Buddhist-era years; react-aria renders that calendar natively. */
export const BUDDHIST_LOCALE = "th-TH-u-ca-buddhist";
const BUDDHIST_ERA_OFFSET = 543;

export interface DateRangeValue {
  start: string;
  end: string;
}

export function todayInBangkok(): CalendarDate {
  return today(BANGKOK_TIME_ZONE);
}

export function ariaLocale(language: string): string {
  return language === "th" ? BUDDHIST_LOCALE : "en-US";
}

/** Values are Gregorian ISO strings: "2026-05-14" or, with time, "2026-05-14T09:30" (Bangkok wall clock). */
export function parseValue(value: string | null | undefined, withTime: boolean): CalendarDateTime | null {
  if (!value) return null;
  try {
    if (withTime) return parseDateTime(value.replace(" ", "T"));
    const date = parseDate(value);
    return new CalendarDateTime(date.year, date.month, date.day);
  } catch {
    return null;
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function toValue(value: CalendarDate | CalendarDateTime, withTime: boolean): string {
  // A date picked in the Buddhist calendar carries year 2569; values are always Gregorian.
  const date = toCalendar(value, new GregorianCalendar());
  const day = `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
  if (!withTime) return day;
  const hour = "hour" in date ? date.hour : 0;
  const minute = "minute" in date ? date.minute : 0;
  return `${day}T${pad(hour)}:${pad(minute)}`;
}

/** "YYYY-MM-DD" or "YYYY-MM-DD HH:mm" (24 h); in Thai the year is Buddhist era, like the calendar. */
export function formatDisplay(date: CalendarDateTime | null, withTime: boolean, language: string): string {
  if (!date) return "";
  const year = language === "th" ? date.year + BUDDHIST_ERA_OFFSET : date.year;
  const day = `${pad(year, 4)}-${pad(date.month)}-${pad(date.day)}`;
  return withTime ? `${day} ${pad(date.hour)}:${pad(date.minute)}` : day;
}

/** Days counted inclusively: 1 May to 31 May spans 31 days. */
export function spanDays(start: CalendarDate, end: CalendarDate): number {
  return Math.abs(end.compare(start)) + 1;
}

export function isAfterToday(date: CalendarDate | CalendarDateTime | null): boolean {
  return date !== null && toCalendarDate(date).compare(todayInBangkok()) > 0;
}

export function withTimeOf(date: CalendarDate, time: Time | null): CalendarDateTime {
  return new CalendarDateTime(date.year, date.month, date.day, time?.hour ?? 0, time?.minute ?? 0);
}

export function timeOf(date: CalendarDateTime | null, fallback: Time): Time {
  return date ? new Time(date.hour, date.minute) : fallback;
}
