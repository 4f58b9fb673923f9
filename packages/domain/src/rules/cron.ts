/**
 * Recurring campaigns (spec §3 Campaign "recurring with a cron expression"; issue 13 point 2): a
 * 5-field cron expression (minute hour day-of-month month day-of-week) evaluated on the Bangkok wall
 * clock. Bangkok is a fixed UTC+7 with no daylight saving, so an occurrence is a wall-clock minute
 * minus 7 hours: no time-zone database, and the same answer in the browser and on the server.
 *
 * Fields: `*`, numbers, ranges `a-b`, steps `*∕n`, `a-b/n` and `a/n` (a to the field's end), lists
 * of these, month names JAN–DEC and day names SUN–SAT. Day of week is 0–7, 0 and 7 both Sunday.
 * When both day fields are restricted (neither is exactly `*`) a day matches either (standard cron);
 * otherwise the restricted one decides. Messages are i18n keys with their texts in CRON_MESSAGE_KEYS.
 */

export const CRON_MESSAGE_KEYS = {
  "schedules.cron.required": {
    en: "Please enter the repeat pattern (cron expression).",
    th: "กรุณากรอกรูปแบบการส่งซ้ำ (cron expression)",
  },
  "schedules.cron.field_count": {
    en: "A cron expression has 5 fields: minute hour day-of-month month day-of-week.",
    th: "cron expression ต้องมี 5 ช่อง: นาที ชั่วโมง วันที่ เดือน วันในสัปดาห์",
  },
  "schedules.cron.minute_invalid": {
    en: "The minute field is invalid (0–59, *, lists, ranges or steps).",
    th: "ช่องนาทีไม่ถูกต้อง (0–59, *, รายการ ช่วง หรือขั้น)",
  },
  "schedules.cron.hour_invalid": {
    en: "The hour field is invalid (0–23, *, lists, ranges or steps).",
    th: "ช่องชั่วโมงไม่ถูกต้อง (0–23, *, รายการ ช่วง หรือขั้น)",
  },
  "schedules.cron.day_of_month_invalid": {
    en: "The day-of-month field is invalid (1–31, *, lists, ranges or steps).",
    th: "ช่องวันที่ไม่ถูกต้อง (1–31, *, รายการ ช่วง หรือขั้น)",
  },
  "schedules.cron.month_invalid": {
    en: "The month field is invalid (1–12 or JAN–DEC, *, lists, ranges or steps).",
    th: "ช่องเดือนไม่ถูกต้อง (1–12 หรือ JAN–DEC, *, รายการ ช่วง หรือขั้น)",
  },
  "schedules.cron.day_of_week_invalid": {
    en: "The day-of-week field is invalid (0–7 or SUN–SAT, 0 and 7 are Sunday; *, lists, ranges or steps).",
    th: "ช่องวันในสัปดาห์ไม่ถูกต้อง (0–7 หรือ SUN–SAT โดย 0 และ 7 คือวันอาทิตย์; *, รายการ ช่วง หรือขั้น)",
  },
  "schedules.cron.never": {
    en: "This pattern never matches a date (for example 31 February).",
    th: "รูปแบบนี้ไม่ตรงกับวันใดเลย (เช่น 31 กุมภาพันธ์)",
  },
  "schedules.cron.too_frequent": {
    en: "A recurring campaign may be sent at most once an hour.",
    th: "แคมเปญที่ส่งซ้ำส่งได้ไม่เกินชั่วโมงละหนึ่งครั้ง",
  },
} as const satisfies Record<string, { en: string; th: string }>;

export type CronMessageKey = keyof typeof CRON_MESSAGE_KEYS;

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
const OFFSET_MS = BANGKOK_OFFSET_MINUTES * 60_000;
const MINUTE_MS = 60_000;

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
  min: number;
  max: number;
  names?: readonly string[];
  key: CronMessageKey;
}

const MONTH_NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAY_NAMES = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

const SPECS: readonly FieldSpec[] = [
  { name: "minute", min: 0, max: 59, key: "schedules.cron.minute_invalid" },
  { name: "hour", min: 0, max: 23, key: "schedules.cron.hour_invalid" },
  { name: "day_of_month", min: 1, max: 31, key: "schedules.cron.day_of_month_invalid" },
  { name: "month", min: 1, max: 12, names: MONTH_NAMES, key: "schedules.cron.month_invalid" },
  { name: "day_of_week", min: 0, max: 7, names: DAY_NAMES, key: "schedules.cron.day_of_week_invalid" },
];

function parseValue(text: string, spec: FieldSpec): number | null {
  if (/^\d{1,2}$/.test(text)) {
    const n = Number(text);
    return n >= spec.min && n <= spec.max ? n : null;
  }
  if (spec.names && /^[a-z]{3}$/i.test(text)) {
    const index = spec.names.indexOf(text.toUpperCase());
    if (index < 0) return null;
    return spec.name === "month" ? index + 1 : index;
  }
  return null;
}

/** One field's values, or null when it is not valid. */
function parseField(text: string, spec: FieldSpec): Set<number> | null {
  const values = new Set<number>();
  for (const item of text.split(",")) {
    const [range, stepText, ...extra] = item.split("/");
    if (range === undefined || extra.length > 0 || range === "") return null;
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d{1,2}$/.test(stepText)) return null;
      step = Number(stepText);
      if (step < 1 || step > spec.max) return null;
    }
    let from: number;
    let to: number;
    if (range === "*") {
      from = spec.min;
      to = spec.max;
    } else {
      const [a, b, ...more] = range.split("-");
      if (a === undefined || more.length > 0) return null;
      const start = parseValue(a, spec);
      if (start === null) return null;
      from = start;
      if (b !== undefined) {
        const end = parseValue(b, spec);
        if (end === null || end < start) return null;
        to = end;
      } else {
        // `a/n` runs from a to the field's end; a lone value is itself.
        to = stepText !== undefined ? spec.max : start;
      }
    }
    for (let v = from; v <= to; v += step) values.add(spec.name === "day_of_week" && v === 7 ? 0 : v);
  }
  return values;
}

const sorted = (values: Set<number>) => [...values].sort((a, b) => a - b);

/** Parses a 5-field expression; a failure names the first invalid field and its message key. */
export function parseCron(expression: string): CronParseResult {
  const text = expression.trim();
  if (text === "") return { ok: false, field: null, key: "schedules.cron.required" };
  const parts = text.split(/\s+/);
  if (parts.length !== 5) return { ok: false, field: null, key: "schedules.cron.field_count" };
  const fields: number[][] = [];
  for (const [index, spec] of SPECS.entries()) {
    const values = parseField(parts[index] ?? "", spec);
    if (!values || values.size === 0) return { ok: false, field: spec.name, key: spec.key };
    fields.push(sorted(values));
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
  if (!canEverMatch(schedule)) return { ok: false, field: "day_of_month", key: "schedules.cron.never" };
  return { ok: true, schedule };
}

/** The longest each month can be (February 29 in leap years). */
const MONTH_MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A day-of-month list with no day in any chosen month (`0 0 31 2 *`) never fires unless the weekday field can. */
function canEverMatch(s: CronSchedule): boolean {
  if (s.dayOfMonthRestricted && s.dayOfWeekRestricted) return true;
  if (!s.dayOfMonthRestricted) return true;
  const firstDay = s.daysOfMonth[0] ?? 32;
  return s.months.some((m) => firstDay <= (MONTH_MAX_DAYS[m - 1] ?? 0));
}

function toSchedule(expression: string | CronSchedule): CronSchedule {
  if (typeof expression !== "string") return expression;
  const parsed = parseCron(expression);
  if (!parsed.ok) throw new RangeError(`invalid cron expression "${expression}": ${parsed.key}`);
  return parsed.schedule;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function dayMatches(s: CronSchedule, year: number, month: number, day: number): boolean {
  const dom = s.daysOfMonth.includes(day);
  const dow = s.daysOfWeek.includes(new Date(Date.UTC(year, month - 1, day)).getUTCDay());
  if (s.dayOfMonthRestricted && s.dayOfWeekRestricted) return dom || dow;
  if (s.dayOfMonthRestricted) return dom;
  if (s.dayOfWeekRestricted) return dow;
  return true;
}

/** How far ahead the search looks before deciding there is no further run (covers 29 February across 2100). */
const SEARCH_YEARS = 9;

/**
 * The first occurrence strictly after `after`, or null when none comes within SEARCH_YEARS (or
 * before `until`, inclusive, when given). Works on the Bangkok wall clock held in a UTC Date.
 */
export function nextRun(expression: string | CronSchedule, after: Date, until?: Date): Date | null {
  const s = toSchedule(expression);
  if (Number.isNaN(after.getTime())) throw new RangeError("after must be a valid Date");
  // The next whole minute after `after`, on the wall clock.
  const wall = new Date(Math.floor((after.getTime() + OFFSET_MS) / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
  let year = wall.getUTCFullYear();
  let month = wall.getUTCMonth() + 1;
  let day = wall.getUTCDate();
  let hour = wall.getUTCHours();
  let minute = wall.getUTCMinutes();
  const lastYear = year + SEARCH_YEARS;
  const limit = until ? until.getTime() : Number.POSITIVE_INFINITY;
  while (year <= lastYear) {
    if (Date.UTC(year, month - 1, day, hour, minute) - OFFSET_MS > limit) return null;
    if (!s.months.includes(month)) {
      const next = s.months.find((m) => m > month);
      if (next === undefined) {
        year += 1;
        month = s.months[0] ?? 1;
      } else month = next;
      day = 1;
      hour = 0;
      minute = 0;
      continue;
    }
    if (day > daysInMonth(year, month) || !dayMatches(s, year, month, day)) {
      if (day >= daysInMonth(year, month)) {
        month += 1;
        if (month > 12) {
          month = 1;
          year += 1;
        }
        day = 1;
      } else day += 1;
      hour = 0;
      minute = 0;
      continue;
    }
    const h = s.hours.find((x) => x >= hour);
    if (h === undefined) {
      // Tomorrow (the month check above rolls the month over when this was its last day).
      day += 1;
      if (day > daysInMonth(year, month)) {
        day = 1;
        month += 1;
        if (month > 12) {
          month = 1;
          year += 1;
        }
      }
      hour = 0;
      minute = 0;
      continue;
    }
    if (h > hour) {
      hour = h;
      minute = 0;
    }
    const m = s.minutes.find((x) => x >= minute);
    if (m === undefined) {
      hour += 1;
      minute = 0;
      if (hour > 23) {
        hour = 0;
        day += 1;
        if (day > daysInMonth(year, month)) {
          day = 1;
          month += 1;
          if (month > 12) {
            month = 1;
            year += 1;
          }
        }
      }
      continue;
    }
    const at = Date.UTC(year, month - 1, day, hour, m) - OFFSET_MS;
    return at > limit ? null : new Date(at);
  }
  return null;
}

/**
 * Up to `count` occurrences strictly after `after`, in order, none later than `until` when given
 * (the web form shows the next five; the scheduler asks for one).
 */
export function nextRuns(
  expression: string | CronSchedule,
  after: Date,
  count: number,
  until?: Date,
): Date[] {
  const s = toSchedule(expression);
  const runs: Date[] = [];
  let cursor = after;
  while (runs.length < count) {
    const next = nextRun(s, cursor, until);
    if (!next) break;
    runs.push(next);
    cursor = next;
  }
  return runs;
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
