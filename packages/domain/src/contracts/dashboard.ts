import { z } from "zod";
import { bangkokDayKey } from "../rules/bangkok-time.ts";
import {
  checkReportDates,
  type DateRangeRules,
  reportDateFields,
  spanInDays,
} from "../rules/report-filters.ts";
import { CAMPAIGN_STATUSES, MESSAGE_STATUSES, MESSAGE_TYPES, SEND_KINDS } from "./campaigns.ts";

/**
 * The dashboard (spec §2 /dashboard, §3 dashboard figures, §7 GET /c/me/dashboard; issue 15 point 1):
 * the balance and its expiry, the period's message figures, messages per day by status, the
 * breakdown by message type, the latest campaigns and the getting-started checklist.
 *
 * Message figures come from the engine's daily rollups (whole Bangkok days), so the period is a
 * range of days: a time typed with a date is accepted by the report convention and ignored here.
 */

/** The longest period the chart shows, both ends counted (a quarter). */
export const DASHBOARD_MAX_DAYS = 92;
/** The period without `start`/`end`: the last 30 Bangkok days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;
/** How many of the latest campaigns the dashboard lists. */
export const DASHBOARD_RECENT_CAMPAIGNS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `days` after a "YYYY-MM-DD" day (negative goes back). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day of a period, both ends included: the chart's x axis (days without messages are zeros). */
export function daysOf(start: string, end: string): string[] {
  const count = spanInDays(start, end);
  return Array.from({ length: Math.max(count, 0) }, (_, i) => shiftDay(start, i));
}

/** The default period ending today (Bangkok). */
export function defaultDashboardPeriod(now: Date = new Date()): TDashboardPeriod {
  const end = bangkokDayKey(now);
  return { start: shiftDay(end, 1 - DASHBOARD_DEFAULT_DAYS), end };
}

export interface TDashboardPeriod {
  /** First Bangkok day, "YYYY-MM-DD". */
  start: string;
  /** Last Bangkok day, included. */
  end: string;
}

/** GET /c/me/dashboard's query: `start`/`end` as every report takes them (never after today, ≤ 92 days). */
export function dashboardQuery(rules: Pick<DateRangeRules, "now"> = {}) {
  const now = rules.now ?? (() => new Date());
  return z
    .object(reportDateFields)
    .superRefine((value, ctx) => checkReportDates(value, ctx, { maxDays: DASHBOARD_MAX_DAYS, now }))
    .transform(
      ({ start, end }): TDashboardPeriod =>
        start && end ? { start: start.day, end: end.day } : defaultDashboardPeriod(now()),
    );
}
export const ZDashboardQuery = dashboardQuery();
export type TDashboardQueryInput = z.input<typeof ZDashboardQuery>;

const count = () => z.number().int();
const ZStatusCounts = z.object(
  Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, count()])) as Record<
    (typeof MESSAGE_STATUSES)[number],
    ReturnType<typeof count>
  >,
);
export type TStatusCounts = z.infer<typeof ZStatusCounts>;

/** The period's messages: the figures, the chart and the type breakdown (one read of the rollups). */
export const ZDashboardMessages = z.object({
  /**
   * Spec §3 figures over the period: `sent` every message sent (whatever its status), `delivered`,
   * `delivered_to_network` accepted by the network with no handset report yet (status sent),
   * `failed`; also queued and pending ("checking status"), and `used_credits` charged for them.
   */
  totals: z.object({
    sent: count(),
    delivered: count(),
    delivered_to_network: count(),
    failed: count(),
    queued: count(),
    pending: count(),
    used_credits: count(),
  }),
  /** Every day of the period in order, with its messages by status (zeros included). */
  days: z.array(ZStatusCounts.extend({ day: z.string() })),
  /** Each message type (instant, campaign, API, OTP) with its messages and credits, all four always. */
  types: z.array(z.object({ type: z.enum(MESSAGE_TYPES), messages: count(), credits: count() })),
});
export type TDashboardMessages = z.infer<typeof ZDashboardMessages>;

export const ZDashboardCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SEND_KINDS),
  status: z.enum(CAMPAIGN_STATUSES),
  recipients: count(),
  credits: count(),
  accepted_at: z.string(),
});
export type TDashboardCampaign = z.infer<typeof ZDashboardCampaign>;

/** The getting-started steps of a new organization, each done or not from real data. */
export const DASHBOARD_STEPS = ["verify", "buy_credit", "sender", "contacts", "send"] as const;
export type TDashboardStep = (typeof DASHBOARD_STEPS)[number];

export const ZDashboard = z.object({
  period: z.object({ start: z.string(), end: z.string() }),
  credits: z.object({
    /** The balance now. */
    remaining: count(),
    /** When the balance lapses (ISO), null without an expiry. */
    expires_at: z.string().nullable(),
  }),
  /** Null for a member who may see only its own sends' reports (the rollups count the whole organization). */
  messages: ZDashboardMessages.nullable(),
  /** The latest campaigns and file campaigns, newest first (a member's own when it sees only its own). */
  recent_campaigns: z.array(ZDashboardCampaign),
  /**
   * verify: the user's phone and e-mail are verified; buy_credit: an approved order or the free trial;
   * sender: an approved sender name of its own; contacts: a group with contacts; send: any send.
   */
  checklist: z.object(
    Object.fromEntries(DASHBOARD_STEPS.map((s) => [s, z.boolean()])) as Record<TDashboardStep, z.ZodBoolean>,
  ),
});
export type TDashboard = z.infer<typeof ZDashboard>;
export const ZDashboardResponse = z.object({ data: ZDashboard });
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;
