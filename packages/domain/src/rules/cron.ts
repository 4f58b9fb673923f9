import { CronExpressionParser } from "cron-parser";
import type cronTexts from "../../locales/en/cron.json";

/**
 * Recurring campaigns (spec §3 Campaign "recurring with a cron expression"; issue 13 point 2): a
 * 5-field cron expression (minute hour day-of-month month day-of-week) evaluated on the Bangkok wall
 * clock (Asia/Bangkok, UTC+7 all year). cron-parser expands the fields and finds the occurrences
 * (docs/decisions/0082-maintained-libraries-for-cron-s3-and-dependencies.md); this file keeps what is
 * ours: the grammar we accept, which field a mistake is in (an i18n key with its texts in
 * locales/<lang>/cron.json), the once-an-hour rule and the form's presets.
 *
 * Fields: `*`, numbers, ranges `a-b`, steps `*∕n`, `a-b/n` and `a/n` (a to the field's end), lists
 * of these, month names JAN–DEC and day names SUN–SAT. Day of week is 0–7, 0 and 7 both Sunday.
 * When both day fields are restricted (neither is exactly `*`) a day matches either (standard cron);
 * otherwise the restricted one decides. cron-parser's extensions (`L`, `W`, `#`, `H`, `?`, seconds,
 * `@daily`) are refused: the form, the API and the descriptions speak only the five-field subset.
 */

export type CronMessageKey = keyof typeof cronTexts;

export const CRON_FIELDS = ["minute", "hour", "day_of_month", "month", "day_of_week"] as const;
export type CronFieldName = (typeof CRON_FIELDS)[number];

/**
 * The shortest gap allowed between two runs of a recurring campaign (its message says "once an hour"). Sending the same campaign to
 * the same people more often than hourly is almost always a typing slip (`* 9 * * *` fires 60
 * times between 09:00 and 09:59), and each run charges the whole list.
 */
export const CRON_MIN_INTERVAL_MINUTES = 60;

/** Bangkok is UTC+7 all year (no daylight saving since 1920). */
export const BANGKOK_OFFSET_MINUTES = 7 * 60;
const TIME_ZONE = "UTC+7";

/** A parsed expression: each field's allowed values, sorted (day of week 0–6, Sunday 0). */
export interface CronSchedule {
  readonly source: string;
  readonly minutes: readonly number[];
  readonly hours: readonly number[];
  readonly daysOfMonth: readonly number[];
  readonly months: readonly number[];
  readonly daysOfWeek: readonly number[];
  /** False when the field is exactly `*`. */
  readonly dayOfMonthRestricted: boolean;
  readonly dayOfWeekRestricted: boolean;
}

export type CronParseResult =
  | { ok: true; schedule: CronSchedule }
  | { ok: false; field: CronFieldName | null; key: CronMessageKey };

interface FieldSpec {
  name: CronFieldName;
  /** The field's name in cron-parser's parsed collection. */
  library: "minute" | "hour" | "dayOfMonth" | "month" | "dayOfWeek";
  max: number;
  names: boolean;
  key: CronMessageKey;
}

const SPECS: readonly FieldSpec[] = [
  { name: "minute", library: "minute", max: 59, names: false, key: "schedules.cron.minute_invalid" },
  { name: "hour", library: "hour", max: 23, names: false, key: "schedules.cron.hour_invalid" },
  {
    name: "day_of_month",
    library: "dayOfMonth",
    max: 31,
    names: false,
    key: "schedules.cron.day_of_month_invalid",
  },
  { name: "month", library: "month", max: 12, names: true, key: "schedules.cron.month_invalid" },
  {
    name: "day_of_week",
    library: "dayOfWeek",
    max: 7,
    names: true,
    key: "schedules.cron.day_of_week_invalid",
  },
];

/** One list item of the subset we accept: `*`, a value or a range, with an optional step. */
const ITEM = /^(?:\*|(\d{1,2}|[a-z]{3})(?:-(\d{1,2}|[a-z]{3}))?)(?:\/(\d{1,2}))?$/i;

/**
 * One field's values, or null when it is not valid. The shape is checked here; cron-parser expands
 * each list item (ranges, steps, names, bounds) on its own, so a value that two items share
 * (`0,*∕30`) is allowed, as cron allows it, where cron-parser alone refuses the repetition.
 */
function parseField(text: string, spec: FieldSpec): number[] | null {
  const values = new Set<number>();
  for (const item of text.split(",")) {
    const shape = ITEM.exec(item);
    if (!shape) return null;
    const [, from = "", to = "", step] = shape;
    if (!spec.names && /[a-z]/i.test(from + to)) return null;
    if (step !== undefined && Number(step) > spec.max) return null;
    const probe = SPECS.map((s) => (s === spec ? item : "*")).join(" ");
    let expanded: readonly (number | string)[];
    try {
      expanded = CronExpressionParser.parse(probe).fields[spec.library].values;
    } catch {
      return null;
    }
    for (const v of expanded) {
      if (typeof v === "number") values.add(spec.name === "day_of_week" && v === 7 ? 0 : v);
    }
  }
  return values.size > 0 ? [...values].sort((a, b) => a - b) : null;
}

/**
 * The expression cron-parser evaluates: each restricted field as its list of values, `*` kept as it
 * is (it decides how the two day fields combine).
 */
function normalForm(s: CronSchedule): string {
  const field = (values: readonly number[], restricted = true) => (restricted ? values.join(",") : "*");
  return [
    field(s.minutes),
    field(s.hours),
    field(s.daysOfMonth, s.dayOfMonthRestricted),
    field(s.months),
    field(s.daysOfWeek, s.dayOfWeekRestricted),
  ].join(" ");
}

/** Parses a 5-field expression; a failure names the first invalid field and its message key. */
export function parseCron(expression: string): CronParseResult {
  const text = expression.trim();
  if (text === "") return { ok: false, field: null, key: "schedules.cron.required" };
  const parts = text.split(/\s+/);
  if (parts.length !== 5) return { ok: false, field: null, key: "schedules.cron.field_count" };
  const fields: number[][] = [];
  for (const [index, spec] of SPECS.entries()) {
    const values = parseField(parts[index] ?? "", spec);
    if (!values) return { ok: false, field: spec.name, key: spec.key };
    fields.push(values);
  }
  const [minutes = [], hours = [], daysOfMonth = [], months = [], daysOfWeek = []] = fields;
  const schedule: CronSchedule = {
    source: parts.join(" "),
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    dayOfMonthRestricted: parts[2] !== "*",
    dayOfWeekRestricted: parts[4] !== "*",
  };
  try {
    // Every field is valid on its own, so what cron-parser still refuses is a day that never
    // comes (`0 0 31 2 *`: no chosen month has a 31st, and no weekday field rescues it).
    CronExpressionParser.parse(normalForm(schedule));
  } catch {
    return { ok: false, field: "day_of_month", key: "schedules.cron.never" };
  }
  return { ok: true, schedule };
}

function toSchedule(expression: string | CronSchedule): CronSchedule {
  if (typeof expression !== "string") return expression;
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new RangeError(`invalid cron expression "${expression}": ${parsed.key}`);
  return parsed.schedule;
}

/**
 * Up to `count` occurrences strictly after `after`, in order, none later than `until` (inclusive)
 * when given (the web form shows the next five; the scheduler asks for one). Fewer when the end
 * comes first or cron-parser's search gives up (it finds a 29 February eight years ahead, across
 * 2100).
 */
export function nextRuns(
  expression: string | CronSchedule,
  after: Date,
  count: number,
  until?: Date,
): Date[] {
  const s = toSchedule(expression);
  if (Number.isNaN(after.getTime())) throw new RangeError("after must be a valid Date");
  const occurrences = CronExpressionParser.parse(normalForm(s), {
    currentDate: after,
    ...(until ? { endDate: until } : {}),
    tz: TIME_ZONE,
  });
  // take() stops at the end date (cron-parser throws past it) instead of failing.
  return occurrences.take(count).map((d) => d.toDate());
}

/** The first occurrence strictly after `after`, or null when none comes (by `until`, inclusive, when given). */
export function nextRun(expression: string | CronSchedule, after: Date, until?: Date): Date | null {
  return nextRuns(expression, after, 1, until)[0] ?? null;
}

/** The first occurrence at or after `start` (a recurring schedule's first run). */
export function firstRunFrom(expression: string | CronSchedule, start: Date, until?: Date): Date | null {
  return nextRun(expression, new Date(start.getTime() - 1), until);
}

/**
 * The shortest gap between two consecutive runs, in minutes (an upper bound of at most a day's
 * length is enough: the check is against CRON_MIN_INTERVAL_MINUTES). Two minutes of one hour, or
 * the last minute of an hour and the first of the next when two hours follow each other.
 */
export function minIntervalMinutes(expression: string | CronSchedule): number {
  const s = toSchedule(expression);
  let gap = 24 * 60;
  for (let i = 1; i < s.minutes.length; i++) {
    gap = Math.min(gap, (s.minutes[i] ?? 0) - (s.minutes[i - 1] ?? 0));
  }
  const first = s.minutes[0] ?? 0;
  const last = s.minutes[s.minutes.length - 1] ?? 0;
  const hourWrap = 60 - last + first;
  const consecutiveHours =
    s.hours.some((h, i) => i > 0 && h - (s.hours[i - 1] ?? 0) === 1) ||
    (s.hours.includes(23) && s.hours.includes(0));
  if (consecutiveHours) gap = Math.min(gap, hourWrap);
  // Hours further apart: at least one hour between the last minute of one and the first of the next.
  for (let i = 1; i < s.hours.length; i++) {
    gap = Math.min(gap, ((s.hours[i] ?? 0) - (s.hours[i - 1] ?? 0) - 1) * 60 + hourWrap);
  }
  return gap;
}

// ---- presets (the web form's friendly choices) ----

/** `HH:mm` on the Bangkok clock. */
export interface CronTime {
  hour: number;
  minute: number;
}

export type CronPreset =
  | { kind: "daily"; time: CronTime }
  | { kind: "weekly"; days: number[]; time: CronTime }
  | { kind: "monthly"; day: number; time: CronTime };

function checkTime({ hour, minute }: CronTime): void {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError("hour must be 0–23");
  if (!Number.isInteger(minute) || minute < 0 || minute > 59) throw new RangeError("minute must be 0–59");
}

/** Every day at HH:mm → `m h * * *`. */
export function dailyCron(time: CronTime): string {
  checkTime(time);
  return `${time.minute} ${time.hour} * * *`;
}

/** On the chosen weekdays (0–6 Sunday first; 7 is Sunday too) at HH:mm → `m h * * d,d`. */
export function weeklyCron(days: readonly number[], time: CronTime): string {
  checkTime(time);
  const unique = [...new Set(days.map((d) => (d === 7 ? 0 : d)))].sort((a, b) => a - b);
  if (unique.length === 0 || unique.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) {
    throw new RangeError("days must be weekdays 0–6");
  }
  return `${time.minute} ${time.hour} * * ${unique.join(",")}`;
}

/** On day D (1–31; months without that day are skipped, as cron does) at HH:mm → `m h D * *`. */
export function monthlyCron(day: number, time: CronTime): string {
  checkTime(time);
  if (!Number.isInteger(day) || day < 1 || day > 31) throw new RangeError("day must be 1–31");
  return `${time.minute} ${time.hour} ${day} * *`;
}

export function presetCron(preset: CronPreset): string {
  if (preset.kind === "daily") return dailyCron(preset.time);
  if (preset.kind === "weekly") return weeklyCron(preset.days, preset.time);
  return monthlyCron(preset.day, preset.time);
}

const ALL_MONTHS = 12;
const ALL_WEEKDAYS = 7;

/**
 * The preset an expression is, or null for anything else (a custom expression): one minute and one
 * hour, every month, and either every day, some weekdays or one day of the month.
 */
export function recognisePreset(expression: string): CronPreset | null {
  const parsed = parseCron(expression);
  if (!parsed.ok) return null;
  const s = parsed.schedule;
  const [minute] = s.minutes;
  const [hour] = s.hours;
  if (s.minutes.length !== 1 || s.hours.length !== 1 || minute === undefined || hour === undefined)
    return null;
  if (s.months.length !== ALL_MONTHS) return null;
  const time = { hour, minute };
  if (!s.dayOfMonthRestricted && !s.dayOfWeekRestricted) return { kind: "daily", time };
  if (!s.dayOfMonthRestricted && s.dayOfWeekRestricted) {
    if (s.daysOfWeek.length === ALL_WEEKDAYS) return { kind: "daily", time };
    return { kind: "weekly", days: [...s.daysOfWeek], time };
  }
  const [day] = s.daysOfMonth;
  if (s.dayOfMonthRestricted && !s.dayOfWeekRestricted && s.daysOfMonth.length === 1 && day !== undefined) {
    return { kind: "monthly", day, time };
  }
  return null;
}
