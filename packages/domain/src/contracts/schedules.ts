import { z } from "zod";
import type scheduleTexts from "../../locales/en/schedules.json";
import {
  CRON_MIN_INTERVAL_MINUTES,
  type CronMessageKey,
  firstRunFrom,
  minIntervalMinutes,
  parseCron,
} from "../rules/cron.ts";
import { parseReportDate, reportChoice } from "../rules/report-filters.ts";
import { SEND_PURPOSES, ZCreateCampaignRequest, ZFileCampaignFields } from "./campaigns.ts";
import { defineSort, listQueryShape, listResponse, resolveSort } from "./lists.ts";
import { text } from "./text.ts";

/**
 * Scheduled and recurring campaigns (spec §3 Campaign "schedule", Scheduled campaign; §4 states;
 * §7 /c/schedules/campaigns*; issue 13 point 2). A schedule is a campaign body (groups and typed
 * numbers, or a kept upload) plus when: once at `run_at`, or at every occurrence of a 5-field cron
 * expression on the Bangkok clock from `run_at` until `ends_at`. Messages are i18n keys with their
 * texts in locales/<lang>/schedules.json (cron's in cron.json).
 */

export type ScheduleMessageKey = CronMessageKey | keyof typeof scheduleTexts;
const k = (key: ScheduleMessageKey) => ({ error: key });

/** The same lists as the database's (packages/db schema/schedules.ts); a server test keeps them equal. */
export const SCHEDULE_STATUSES = ["active", "pause", "completed", "cancelled"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_KINDS = ["campaign", "file"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
export const SCHEDULE_RUN_STATUSES = ["sent", "failed"] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

/** A time may be this far in the past when it arrives (the form was filled in at 09:00 and sent at 09:00:40). */
export const SCHEDULE_PAST_SLACK_MS = 60_000;
/** The first (or only) send at most a year ahead; a recurring send lasts at most two years. */
export const SCHEDULE_MAX_DAYS_AHEAD = 366;
export const SCHEDULE_MAX_RECURRING_DAYS = 731;
const DAY_MS = 86_400_000;

/** ISO 8601 with an offset or Z, as an API client writes it. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A schedule time: "YYYY-MM-DD HH:mm" (or with "T") on the Bangkok clock, as the form's date and
 * time pickers give it, or ISO 8601 with an offset (`2026-12-01T09:00:00+07:00`, `…Z`). Seconds
 * are dropped: sends happen on whole minutes. Null when it is neither.
 */
export function parseScheduleTime(text: string): Date | null {
  const trimmed = text.trim();
  if (ISO_WITH_OFFSET.test(trimmed)) {
    const ms = Date.parse(trimmed);
    if (Number.isNaN(ms)) return null;
    return new Date(Math.floor(ms / 60_000) * 60_000);
  }
  const parsed = parseReportDate(trimmed);
  if (!parsed || parsed.time === null) return null;
  return new Date(`${parsed.day}T${parsed.time}:00+07:00`);
}

const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const scheduleTime = (required: ScheduleMessageKey, invalid: ScheduleMessageKey) =>
  text(k(required)).transform((value, ctx) => {
    const at = parseScheduleTime(value);
    if (!at) {
      ctx.addIssue({ code: "custom", message: invalid });
      return z.NEVER;
    }
    return at;
  });

/** A 5-field cron expression (see rules/cron.ts), at most one run per CRON_MIN_INTERVAL_MINUTES. */
export const ZCronExpression = text(k("schedules.cron.required"))
  .trim()
  .max(200, k("schedules.cron.field_count"))
  .transform((value, ctx) => {
    const parsed = parseCron(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.key });
      return z.NEVER;
    }
    if (minIntervalMinutes(parsed.schedule) < CRON_MIN_INTERVAL_MINUTES) {
      ctx.addIssue({ code: "custom", message: "schedules.cron.too_frequent" satisfies CronMessageKey });
      return z.NEVER;
    }
    return parsed.schedule.source;
  });

/** The schedule fields shared by the JSON body and the multipart form (blank = not given). */
const scheduleShape = {
  /** The one-time send's time, or when a recurring send starts (its first run is the first occurrence from then). */
  run_at: z.preprocess(
    blankAsMissing,
    scheduleTime("schedules.validation.run_at_required", "schedules.validation.run_at_invalid"),
  ),
  /** Recurring when given: minute hour day-of-month month day-of-week, Bangkok time. */
  cron: z.preprocess((v) => (v === null ? undefined : blankAsMissing(v)), ZCronExpression.optional()),
  /** When a recurring send ends (inclusive); required with `cron`, ignored without. */
  ends_at: z.preprocess(
    (v) => (v === null ? undefined : blankAsMissing(v)),
    scheduleTime("schedules.validation.ends_at_required", "schedules.validation.ends_at_invalid").optional(),
  ),
};

export interface ScheduleTiming {
  runAt: Date;
  cron?: string | null | undefined;
  endsAt?: Date | null | undefined;
}

export interface ScheduleTimingProblem {
  path: "run_at" | "ends_at" | "cron";
  key: ScheduleMessageKey;
}

/**
 * What is wrong with a schedule's times at `now`, or null: the time is in the future (a minute of
 * slack) and within a year; a recurring send has an end after its start, within two years, and at
 * least one occurrence between them. The server checks it at creation; the form may show it early.
 */
export function scheduleTimingProblem(timing: ScheduleTiming, now: Date): ScheduleTimingProblem | null {
  const { runAt, cron, endsAt } = timing;
  if (runAt.getTime() < now.getTime() - SCHEDULE_PAST_SLACK_MS) {
    return { path: "run_at", key: "schedules.validation.run_at_past" };
  }
  if (runAt.getTime() > now.getTime() + SCHEDULE_MAX_DAYS_AHEAD * DAY_MS) {
    return { path: "run_at", key: "schedules.validation.run_at_too_far" };
  }
  if (!cron) return null;
  if (!endsAt) return { path: "ends_at", key: "schedules.validation.ends_at_required" };
  if (endsAt.getTime() <= runAt.getTime())
    return { path: "ends_at", key: "schedules.validation.ends_before_start" };
  if (endsAt.getTime() > runAt.getTime() + SCHEDULE_MAX_RECURRING_DAYS * DAY_MS) {
    return { path: "ends_at", key: "schedules.validation.ends_at_too_far" };
  }
  const parsed = parseCron(cron);
  if (!parsed.ok) return { path: "cron", key: parsed.key };
  const start = new Date(Math.max(runAt.getTime(), now.getTime() - SCHEDULE_PAST_SLACK_MS));
  if (!firstRunFrom(parsed.schedule, start, endsAt))
    return { path: "cron", key: "schedules.validation.no_occurrence" };
  return null;
}

function requireEndWithCron(
  value: { cron?: string | undefined; ends_at?: Date | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.cron !== undefined && value.ends_at === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["ends_at"],
      message: "schedules.validation.ends_at_required" satisfies ScheduleMessageKey,
    });
  }
}

// ---- requests ----

/**
 * POST /c/schedules/campaigns: the body of POST /c/campaigns (groups and/or typed numbers, a
 * template or a message) plus `run_at`, and `cron` with `ends_at` for a recurring send. The sender,
 * groups and template are checked now, and again at each send.
 */
export const ZCreateScheduleRequest =
  ZCreateCampaignRequest.safeExtend(scheduleShape).superRefine(requireEndWithCron);
export type TCreateScheduleRequest = z.input<typeof ZCreateScheduleRequest>;
export type TCreateScheduleBody = z.output<typeof ZCreateScheduleRequest>;

/**
 * The text fields of POST /c/schedules/campaigns/import (multipart, beside the `file` part): those
 * of POST /c/campaigns/import plus `run_at`, `cron` and `ends_at`. The file is read and checked now
 * as a dry run would, and kept until the schedule ends or is cancelled.
 */
export const ZScheduleFileFields =
  ZFileCampaignFields.safeExtend(scheduleShape).superRefine(requireEndWithCron);
export type TScheduleFileFields = z.input<typeof ZScheduleFileFields>;
export type TScheduleFileFieldsBody = z.output<typeof ZScheduleFileFields>;

// ---- answers ----

/** Spec §3 Scheduled campaign. Times are ISO 8601 (UTC); show them on the Bangkok clock. */
export const ZSchedule = z.object({
  id: z.number().int(),
  kind: z.enum(SCHEDULE_KINDS),
  purpose: z.enum(SEND_PURPOSES),
  name: z.string(),
  sender: z.string(),
  template_id: z.number().int().nullable(),
  /** The text as written, tags and all. */
  message: z.string(),
  group_ids: z.array(z.number().int()),
  /** How many typed numbers were kept. */
  manual_contacts: z.number().int(),
  /** A file schedule's upload name. */
  file_name: z.string().nullable(),
  /** Each send shortens the text's links to tracked per-recipient links. */
  track_links: z.boolean(),
  /** Each marketing send carries the opt-out footer (ADR 93). */
  opt_out_link: z.boolean(),
  /** Null for a one-time send. */
  cron: z.string().nullable(),
  recurring: z.boolean(),
  run_at: z.string(),
  ends_at: z.string().nullable(),
  /** Spec "next send time"; null once completed or cancelled. */
  next_run_at: z.string().nullable(),
  status: z.enum(SCHEDULE_STATUSES),
  /** Occurrences fired so far, sent or failed (see the detail's runs). */
  run_count: z.number().int(),
  /** The occurrence last fired. */
  last_run_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
});
export type TSchedule = z.infer<typeof ZSchedule>;
export const ZScheduleResponse = z.object({ data: ZSchedule });
export type TScheduleResponse = z.infer<typeof ZScheduleResponse>;

/** One fired occurrence: the campaign it accepted (link to /reports/campaigns/{id}) or why it failed. */
export const ZScheduleRun = z.object({
  occurrence_at: z.string(),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  campaign_id: z.number().int().nullable(),
  /** Why it failed, in the caller's language (too few credits, sender no longer approved…). */
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type TScheduleRun = z.infer<typeof ZScheduleRun>;

/** The schedule with its last SCHEDULE_DETAIL_RUNS runs, newest first. */
export const SCHEDULE_DETAIL_RUNS = 20;
export const ZScheduleDetail = ZSchedule.extend({ runs: z.array(ZScheduleRun) });
export type TScheduleDetail = z.infer<typeof ZScheduleDetail>;
export const ZScheduleDetailResponse = z.object({ data: ZScheduleDetail });
export type TScheduleDetailResponse = z.infer<typeof ZScheduleDetailResponse>;

// ---- list ----

/** Newest first by default; the next send time or the name on a header click. */
export const SCHEDULE_SORT = defineSort(["created_at", "next_run_at", "name"], {
  key: "created_at",
  reverse: true,
});

/** GET /c/schedules/campaigns: `search` matches the name, `status` filters. */
export const ZSchedulesQuery = z
  .object({ ...listQueryShape({ sort: SCHEDULE_SORT }), status: reportChoice(SCHEDULE_STATUSES, "status") })
  .transform((value) => resolveSort(value, SCHEDULE_SORT));
export type TSchedulesQuery = z.output<typeof ZSchedulesQuery>;
export type TSchedulesQueryInput = z.input<typeof ZSchedulesQuery>;
export const ZSchedulesResponse = listResponse(ZSchedule);
export type TSchedulesResponse = z.infer<typeof ZSchedulesResponse>;

export const ZScheduleIdParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type TScheduleIdParams = z.input<typeof ZScheduleIdParams>;
