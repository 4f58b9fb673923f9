import dayjs from "dayjs";
import { z } from "zod";
import type reportFilterTexts from "../../locales/en/report-filters.json";
import { text } from "../contracts/text.ts";
import { BANGKOK_TIME_ZONE, bangkokDayKey } from "./bangkok-time.ts";
import { normaliseRecipient } from "./phone.ts";
import type { ValidationMessageKey } from "./validation.ts";

/**
 * The one filter convention of every report (spec §5 date range pickers and "Phone Number is
 * invalid!"): a date range in Bangkok business time, a status, a type and a phone number.
 * Messages are i18n keys with their texts in locales/<lang>/report-filters.json (the phone message is the
 * shared "validation.phone_invalid").
 */

export type ReportFilterMessageKey = keyof typeof reportFilterTexts;
const k = (key: ReportFilterMessageKey) => ({ error: key });

/** The span of a big table's report when the caller gives none (messages, credit entries). */
export const DEFAULT_REPORT_DAYS = 7;

const REPORT_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A report date as typed: a Bangkok calendar day, with a wall-clock minute or not. */
export interface TReportDate {
  day: string;
  time: string | null;
}

/**
 * "YYYY-MM-DD" or "YYYY-MM-DD HH:mm" (24 h; "T" is accepted too, as the web pickers write it).
 * Impossible dates such as 2026-02-30 or 24:00 are refused rather than rolled over.
 */
export function parseReportDate(text: string): TReportDate | null {
  const match = REPORT_DATE.exec(text.trim());
  if (!match) return null;
  const [, y, m, d, hh, mm] = match;
  const day = `${y}-${m}-${d}`;
  const probe = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(probe.getTime()) || probe.toISOString().slice(0, 10) !== day) return null;
  if (hh === undefined || mm === undefined) return { day, time: null };
  if (Number(hh) > 23 || Number(mm) > 59) return null;
  return { day, time: `${hh}:${mm}` };
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a Bangkok wall-clock time stands for. */
function bangkokInstant(day: string, time: string): Date {
  return dayjs.tz(`${day} ${time}`, BANGKOK_TIME_ZONE).toDate();
}

/** Days counted inclusively on the Bangkok calendar: 1 May to 31 May is 31 days (as the pickers count). */
export function spanInDays(startDay: string, endDay: string): number {
  return Math.round((Date.parse(`${endDay}T00:00:00Z`) - Date.parse(`${startDay}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * A period to query with `created_at >= start AND created_at < end`: a date-only start means the
 * start of that Bangkok day, a date-only end the whole of that day, a time end the whole minute.
 */
export interface TDateRange {
  start: Date;
  end: Date;
  /** Bangkok calendar days covered, both ends counted. */
  days: number;
}

export interface DateRangeRules {
  /** Longest allowed period in days, both ends counted; no limit when absent. */
  maxDays?: number | undefined;
  /** The clock, for tests; "today" is the Bangkok calendar day of this instant. */
  now?: (() => Date) | undefined;
}

/** The first rule a range breaks, as a message key, or null. */
export function dateRangeProblem(
  start: TReportDate,
  end: TReportDate,
  { maxDays, now = () => new Date() }: DateRangeRules = {},
): ReportFilterMessageKey | null {
  const today = bangkokDayKey(now());
  if (start.day > today || end.day > today) return "validation.date_in_future";
  const startKey = `${start.day} ${start.time ?? "00:00"}`;
  const endKey = `${end.day} ${end.time ?? "23:59"}`;
  if (endKey < startKey) return "validation.date_range_order";
  if (maxDays !== undefined && spanInDays(start.day, end.day) > maxDays)
    return "validation.date_range_too_long";
  return null;
}

/** The half-open instants of a valid range (see TDateRange). */
export function toDateRange(start: TReportDate, end: TReportDate): TDateRange {
  return {
    start: bangkokInstant(start.day, start.time ?? "00:00"),
    end:
      end.time === null
        ? bangkokInstant(addDays(end.day, 1), "00:00")
        : new Date(bangkokInstant(end.day, end.time).getTime() + 60_000),
    days: spanInDays(start.day, end.day),
  };
}

const ZReportDateText = text(k("validation.date_invalid"))
  .trim()
  .transform((value, ctx) => {
    const parsed = parseReportDate(value);
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: "validation.date_invalid" satisfies ReportFilterMessageKey });
      return z.NEVER;
    }
    return parsed;
  });

/** Optional in a query string: an empty `start=` is the same as none. */
const ZOptionalReportDate = z.preprocess((v) => (v === "" ? undefined : v), ZReportDateText.optional());

/** The `start`/`end` fields of a report filter, before the range rules. */
export const reportDateFields = { start: ZOptionalReportDate, end: ZOptionalReportDate };

type DateFields = { start?: TReportDate | undefined; end?: TReportDate | undefined };

/** Adds the range rules to a schema holding reportDateFields; issues point at `end` (or the missing side). */
export function checkReportDates(value: DateFields, ctx: z.RefinementCtx, rules: DateRangeRules): void {
  const { start, end } = value;
  if (!start && !end) return;
  if (!start || !end) {
    ctx.addIssue({
      code: "custom",
      path: [start ? "end" : "start"],
      message: "validation.date_range_incomplete" satisfies ReportFilterMessageKey,
    });
    return;
  }
  const problem = dateRangeProblem(start, end, rules);
  if (problem) ctx.addIssue({ code: "custom", path: ["end"], message: problem });
}

/**
 * Spec §3 "Date range value: start and end strings", validated: both ends, start ≤ end, no day
 * after today, span ≤ maxDays. Answers the half-open instants of TDateRange.
 */
export function dateRange(rules: DateRangeRules = {}) {
  return z
    .object({ start: ZReportDateText, end: ZReportDateText })
    .superRefine((value, ctx) => checkReportDates(value, ctx, rules))
    .transform(({ start, end }) => toDateRange(start, end));
}

/** A range with no span limit; reports declare their own limit with dateRange({ maxDays }). */
export const ZDateRange = dateRange();
export type TDateRangeInput = z.input<typeof ZDateRange>;

export interface BoundedRangeRules {
  maxDays: number;
  defaultDays?: number;
  now?: () => Date;
}

/**
 * Tables that grow to millions of rows (messages, credit entries) are only ever read over an
 * indexed, bounded period, so a page count stays cheap: without a range, the last `defaultDays`
 * Bangkok days up to the end of today; a longer range is refused rather than run.
 */
export function boundedDateRange(
  range: TDateRange | undefined,
  { maxDays, defaultDays = DEFAULT_REPORT_DAYS, now = () => new Date() }: BoundedRangeRules,
): TDateRange {
  if (range) {
    if (range.days > maxDays)
      throw new RangeError(`A report period of ${range.days} days exceeds ${maxDays}`);
    return range;
  }
  const days = Math.min(defaultDays, maxDays);
  const today = bangkokDayKey(now());
  return toDateRange({ day: addDays(today, 1 - days), time: null }, { day: today, time: null });
}

/** The phone filter of a report: any form a user types (0…, +66…, 66…), answered in the stored 66 form. */
export const ZReportPhone = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  text({ error: "validation.phone_invalid" satisfies ValidationMessageKey })
    .transform((value, ctx) => {
      const phone = normaliseRecipient(value);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: "validation.phone_invalid" satisfies ValidationMessageKey });
        return z.NEVER;
      }
      return phone;
    })
    .optional(),
);

/** A `status` or `type` filter limited to the report's own values; empty means all. */
export function reportChoice<const V extends string>(values: readonly [V, ...V[]], kind: "status" | "type") {
  return z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(values, k(kind === "status" ? "validation.status_invalid" : "validation.type_invalid")).optional(),
  );
}
