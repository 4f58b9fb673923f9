import { inBangkok } from "./bangkok-time.ts";

/** Hours are Bangkok wall-clock hours; a window [from, to) that wraps midnight is blocked when hour >= from or hour < to. */
export const DEBT_COLLECTION_WEEKDAY_BLOCK = { from: 20, to: 8 } as const;
export const DEBT_COLLECTION_HOLIDAY_BLOCK = { from: 18, to: 8 } as const;
export const ADVERTISING_QUIET_HOURS = { from: 0, to: 6 } as const;

const SATURDAY = 6;
const SUNDAY = 0;

function inWrappingWindow(hour: number, window: { from: number; to: number }): boolean {
  return hour >= window.from || hour < window.to;
}

/**
 * Whether a debt-collection send is barred at `at` (terms: Mon-Fri 20:00-08:00, public holidays
 * 18:00-08:00). Each instant is judged by its own Bangkok calendar day: on a weekday 00:00-07:59 and
 * 20:00-23:59 are blocked; on a holiday listed in `holidays` ('YYYY-MM-DD', Bangkok dates, taking
 * precedence over the weekday rule) 00:00-07:59 and 18:00-23:59. Saturdays and Sundays follow the
 * holiday window: the Thai Debt Collection Act allows contact on non-working days only 08:00-18:00, and
 * the terms name Mon-Fri as the only days with the later 20:00 limit.
 */
export function isDebtCollectionBlocked(at: Date, holidays: readonly string[]): boolean {
  const local = inBangkok(at);
  const hour = local.hour();
  if (holidays.includes(local.format("YYYY-MM-DD"))) {
    return inWrappingWindow(hour, DEBT_COLLECTION_HOLIDAY_BLOCK);
  }
  const weekday = local.day();
  if (weekday === SATURDAY || weekday === SUNDAY)
    return inWrappingWindow(hour, DEBT_COLLECTION_HOLIDAY_BLOCK);
  return inWrappingWindow(hour, DEBT_COLLECTION_WEEKDAY_BLOCK);
}

/** Advertising between 00:00 and 05:59 Bangkok time gets a warning, not a block. */
export function isAdvertisingDiscouraged(at: Date): boolean {
  const hour = inBangkok(at).hour();
  return hour >= ADVERTISING_QUIET_HOURS.from && hour < ADVERTISING_QUIET_HOURS.to;
}

/**
 * When a debt-collection send barred at `at` may go on: every barred window ends at 08:00 Bangkok
 * time (weekday, weekend and holiday windows alike), so it is the next 08:00, or `at` itself when
 * sending is allowed now. A running campaign paused at the boundary resumes then.
 */
export function debtCollectionResumesAt(at: Date, holidays: readonly string[]): Date {
  if (!isDebtCollectionBlocked(at, holidays)) return at;
  const local = inBangkok(at);
  const morning = local.hour(DEBT_COLLECTION_WEEKDAY_BLOCK.to).minute(0).second(0).millisecond(0);
  return (local.hour() < DEBT_COLLECTION_WEEKDAY_BLOCK.to ? morning : morning.add(1, "day")).toDate();
}
