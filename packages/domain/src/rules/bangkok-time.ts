import dayjs, { type Dayjs } from "dayjs";
import "dayjs/locale/th.js";
import buddhistEra from "dayjs/plugin/buddhistEra.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(buddhistEra);

/** All business time is Bangkok time; storage stays UTC (DESIGN §3, §5.5). */
export const BANGKOK_TIME_ZONE = "Asia/Bangkok";

/** Rejects Invalid Date up front: NaN comparisons are all false and would silently pass every time rule. */
export function assertValidDate(date: Date, name = "date"): void {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError(`${name} must be a valid Date`);
  }
}

/** The instant seen on a Bangkok wall clock, independent of the machine's TZ. */
export function inBangkok(date: Date): Dayjs {
  assertValidDate(date);
  return dayjs(date).tz(BANGKOK_TIME_ZONE);
}

/** The Bangkok calendar date of an instant as 'YYYY-MM-DD'; keys the daily wrong-password counter and holidays. */
export function bangkokDayKey(date: Date): string {
  return inBangkok(date).format("YYYY-MM-DD");
}
