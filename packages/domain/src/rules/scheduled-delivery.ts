/**
 * The public API's `scheduled_delivery` (ADR 21): when an accepted send goes to the gateway.
 *
 * Accepted forms, on Bangkok's wall clock unless an offset is written:
 * - `YYMMDDhhmm` (ThaiBulkSMS's own form, e.g. `2612011830` = 1 December 2026 18:30);
 * - `YYYY-MM-DD HH:mm` or `YYYY-MM-DDTHH:mm`, with optional `:ss`;
 * - ISO 8601 with `Z` or `±hh:mm` (e.g. `2026-12-01T11:30:00Z`).
 * A time up to SCHEDULED_DELIVERY_GRACE_MINUTES in the past (a client's clock running late) means
 * "now"; earlier is refused, and so is a time more than SCHEDULED_DELIVERY_MAX_DAYS ahead (the
 * credits are charged at acceptance and the 30-day refund window counts from then).
 */

export const SCHEDULED_DELIVERY_MAX_DAYS = 7;
export const SCHEDULED_DELIVERY_GRACE_MINUTES = 5;

/** Bangkok keeps UTC+7 all year. */
const BANGKOK_OFFSET_MINUTES = 7 * 60;

export type ScheduledDelivery =
  /** Send now (absent, empty, or not later than now). */
  { ok: true; at: null } | { ok: true; at: Date } | { ok: false; reason: "format" | "past" | "too_far" };

const SHORT = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const LONG = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})?$/;

function wallClock(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  offsetMinutes: number,
): Date | null {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Date.UTC rolls 31 April over to 1 May: a day the month does not have is a wrong date.
  if (new Date(utc).getUTCDate() !== day) return null;
  return new Date(utc - offsetMinutes * 60_000);
}

function offsetOf(zone: string | undefined): number {
  if (zone === undefined) return BANGKOK_OFFSET_MINUTES;
  if (zone === "Z") return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}

/** The instant a `scheduled_delivery` text names, or null when it is not one of the accepted forms. */
export function parseScheduledDelivery(text: string): Date | null {
  const value = text.trim();
  const short = SHORT.exec(value);
  if (short) {
    const [, yy, mo, dd, hh, mi] = short.map(Number) as [number, number, number, number, number, number];
    return wallClock(2000 + yy, mo, dd, hh, mi, 0, BANGKOK_OFFSET_MINUTES);
  }
  const long = LONG.exec(value);
  if (!long) return null;
  const [, y, mo, d, h, mi, s, zone] = long;
  return wallClock(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0), offsetOf(zone));
}

/** Checks a request's `scheduled_delivery` against the clock. */
export function checkScheduledDelivery(text: string | undefined, now: Date): ScheduledDelivery {
  if (text === undefined || text.trim() === "") return { ok: true, at: null };
  const at = parseScheduledDelivery(text);
  if (!at) return { ok: false, reason: "format" };
  const ahead = at.getTime() - now.getTime();
  if (ahead < -SCHEDULED_DELIVERY_GRACE_MINUTES * 60_000) return { ok: false, reason: "past" };
  if (ahead > SCHEDULED_DELIVERY_MAX_DAYS * 86_400_000) return { ok: false, reason: "too_far" };
  return ahead <= 0 ? { ok: true, at: null } : { ok: true, at };
}
