import {
  parseScheduleTime,
  type ScheduleMessageKey,
  scheduleTimingProblem,
} from "@sms/domain/contracts/schedules";
import {
  CRON_MIN_INTERVAL_MINUTES,
  type CronPreset,
  minIntervalMinutes,
  nextRuns,
  parseCron,
  presetCron,
} from "@sms/domain/rules/cron";

export const SCHEDULE_MODES = ["now", "once", "recurring"] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];
export const REPEAT_KINDS = ["daily", "weekly", "monthly", "custom"] as const;
export type RepeatKind = (typeof REPEAT_KINDS)[number];

/** What the schedule part of a sending form holds; times are "YYYY-MM-DDTHH:mm" on the Bangkok clock. */
export interface ScheduleValue {
  mode: ScheduleMode;
  /** The one-time send, or when a recurring one starts. */
  runAt: string | null;
  repeat: RepeatKind;
  /** "HH:mm" of the presets. */
  time: string;
  /** Weekly: 0–6, Sunday first. */
  weekdays: number[];
  /** Monthly: 1–31. */
  monthDay: number;
  /** Custom: the 5-field expression as typed. */
  cron: string;
  endsAt: string | null;
}

export const DEFAULT_SCHEDULE: ScheduleValue = {
  mode: "now",
  runAt: null,
  repeat: "daily",
  time: "09:00",
  weekdays: [1],
  monthDay: 1,
  cron: "",
  endsAt: null,
};

function timeOf(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** The cron expression the recurring choices make, or null when they are incomplete. */
export function cronOf(value: ScheduleValue): string | null {
  if (value.repeat === "custom") return value.cron.trim() || null;
  const time = timeOf(value.time);
  if (!time) return null;
  let preset: CronPreset;
  if (value.repeat === "daily") preset = { kind: "daily", time };
  else if (value.repeat === "weekly") {
    if (value.weekdays.length === 0) return null;
    preset = { kind: "weekly", days: value.weekdays, time };
  } else preset = { kind: "monthly", day: value.monthDay, time };
  return presetCron(preset);
}

export interface ScheduleProblem {
  path: "run_at" | "ends_at" | "cron";
  key: ScheduleMessageKey | "schedules.validation.weekdays_required";
}

/** What the form must fix before asking the server, or null (the server checks the same again). */
export function scheduleProblem(value: ScheduleValue, now: Date): ScheduleProblem | null {
  if (value.mode === "now") return null;
  if (!value.runAt) return { path: "run_at", key: "schedules.validation.run_at_required" };
  const runAt = parseScheduleTime(value.runAt);
  if (!runAt) return { path: "run_at", key: "schedules.validation.run_at_invalid" };
  if (value.mode === "once") return scheduleTimingProblem({ runAt }, now);
  if (value.repeat === "weekly" && value.weekdays.length === 0)
    return { path: "cron", key: "schedules.validation.weekdays_required" };
  const cron = cronOf(value);
  if (!cron) return { path: "cron", key: "schedules.cron.required" };
  const parsed = parseCron(cron);
  if (!parsed.ok) return { path: "cron", key: parsed.key };
  if (minIntervalMinutes(parsed.schedule) < CRON_MIN_INTERVAL_MINUTES)
    return { path: "cron", key: "schedules.cron.too_frequent" };
  if (!value.endsAt) return { path: "ends_at", key: "schedules.validation.ends_at_required" };
  const endsAt = parseScheduleTime(value.endsAt);
  if (!endsAt) return { path: "ends_at", key: "schedules.validation.ends_at_invalid" };
  return scheduleTimingProblem({ runAt, cron, endsAt }, now);
}

/** The next `count` sends of a recurring choice from its start (or now, if later), none after its end. */
export function upcomingRuns(value: ScheduleValue, now: Date, count = 5): Date[] {
  const cron = cronOf(value);
  if (!cron || !parseCron(cron).ok) return [];
  const start = (value.runAt && parseScheduleTime(value.runAt)) || now;
  const from = new Date(Math.max(start.getTime(), now.getTime()) - 60_000);
  const until = value.endsAt ? (parseScheduleTime(value.endsAt) ?? undefined) : undefined;
  return nextRuns(cron, from, count, until);
}

/** The request's schedule fields: run_at, and cron with ends_at when recurring ("YYYY-MM-DD HH:mm", Bangkok). */
export function scheduleFields(
  value: ScheduleValue,
): { run_at: string; cron?: string; ends_at?: string } | null {
  if (value.mode === "now" || !value.runAt) return null;
  const runAt = value.runAt.replace("T", " ");
  if (value.mode === "once") return { run_at: runAt };
  const cron = cronOf(value);
  return {
    run_at: runAt,
    ...(cron ? { cron } : {}),
    ...(value.endsAt ? { ends_at: value.endsAt.replace("T", " ") } : {}),
  };
}

/** When a one-time send goes out (for the purpose's hour warnings); undefined for now or recurring. */
export function scheduledAt(value: ScheduleValue): Date | undefined {
  if (value.mode !== "once" || !value.runAt) return undefined;
  return parseScheduleTime(value.runAt) ?? undefined;
}

const BANGKOK_OFFSET_MS = 7 * 3_600_000;
/** The hour a send on another day starts at when none is chosen: office hours, not midnight (D38). */
export const DEFAULT_SEND_HOUR = 9;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * A freshly picked date's time (D38): the date picker starts a day at 00:00, inside the hours when
 * advertising is discouraged, so a send picked for today starts at the next full hour and one on
 * another day at 09:00. A time the person chose (the date kept, the time changed) is left alone.
 */
export function withDefaultSendTime(next: string | null, previous: string | null, now: Date): string | null {
  if (!next?.endsWith("T00:00") || next.slice(0, 10) === previous?.slice(0, 10)) return next;
  const bangkok = new Date(now.getTime() + BANGKOK_OFFSET_MS);
  const today = `${bangkok.getUTCFullYear()}-${pad(bangkok.getUTCMonth() + 1)}-${pad(bangkok.getUTCDate())}`;
  const day = next.slice(0, 10);
  if (day !== today) return `${day}T${pad(DEFAULT_SEND_HOUR)}:00`;
  const nextHour = bangkok.getUTCHours() + 1;
  return nextHour <= 23 ? `${day}T${pad(nextHour)}:00` : next;
}

/**
 * A freshly picked end date includes the whole day (D37): 23:59 instead of the picker's 00:00,
 * which would stop before the chosen day. A time the person chose is left alone.
 */
export function withEndOfDay(next: string | null, previous: string | null): string | null {
  if (!next?.endsWith("T00:00") || next.slice(0, 10) === previous?.slice(0, 10)) return next;
  return `${next.slice(0, 10)}T23:59`;
}
