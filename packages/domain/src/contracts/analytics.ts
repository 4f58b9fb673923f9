import { z } from "zod";
import type analyticsTexts from "../../locales/en/analytics.json";
import { bangkokDayKey } from "../rules/bangkok-time.ts";
import {
  boundedDateRange,
  checkReportDates,
  type DateRangeRules,
  reportDateFields,
  type TDateRange,
  toDateRange,
  ZReportPhone,
} from "../rules/report-filters.ts";
import { MESSAGES_MAX_DAYS, ZMessage } from "./campaigns.ts";
import { text } from "./text.ts";

/**
 * Delivery analytics (issue 27 point 2, ADR 95): delivery rate and failure reasons over time, per
 * campaign, per sender and per operator (the operator ranges routing uses), and a number's history
 * of messages across months. Every figure is a filter of the messages report (GET /c/messages), so
 * the web links each one to the messages behind it.
 */

export type AnalyticsMessageKey = keyof typeof analyticsTexts;
const k = (key: AnalyticsMessageKey) => ({ error: key });

/** The period of the delivery analytics: the messages report's limit (31 days), so every link is a valid report. */
export const ANALYTICS_MAX_DAYS = MESSAGES_MAX_DAYS;
/** Without `start`/`end`: the last 30 Bangkok days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** How many campaigns, senders or operators the breakdown lists (the most messages first). */
export const ANALYTICS_MAX_GROUPS = 50;
/** How many failure reasons are listed (the most frequent first). */
export const ANALYTICS_MAX_REASONS = 20;

export const ANALYTICS_DIMENSIONS = ["campaign", "sender", "operator"] as const;
export type TAnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

export interface TDeliveryAnalyticsQuery {
  range: TDateRange;
  /** The Bangkok days of the range, "YYYY-MM-DD" (the chart's axis). */
  firstDay: string;
  lastDay: string;
  by: TAnalyticsDimension;
  campaign_id?: number | undefined;
  sender?: string | undefined;
  operator?: string | undefined;
}

/**
 * GET /c/analytics/delivery: `start`/`end` as every report takes them (at most 31 days, never after
 * today; the last 30 days without them), `by` the breakdown (campaign by default), and the filters
 * `campaign_id`, `sender`, `operator` (`-`: numbers in no operator's range).
 */
export function deliveryAnalyticsQuery(rules: Pick<DateRangeRules, "now"> = {}) {
  const now = rules.now ?? (() => new Date());
  const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
  return z
    .object({
      ...reportDateFields,
      by: z.preprocess(
        blank,
        z.enum(ANALYTICS_DIMENSIONS, k("analytics.validation.by_invalid")).default("campaign"),
      ),
      campaign_id: z.preprocess(
        blank,
        z.coerce
          .number({ error: "campaigns.validation.campaign_id_invalid" })
          .int({ error: "campaigns.validation.campaign_id_invalid" })
          .min(1, { error: "campaigns.validation.campaign_id_invalid" })
          .max(Number.MAX_SAFE_INTEGER, { error: "campaigns.validation.campaign_id_invalid" })
          .optional(),
      ),
      sender: z.preprocess(
        blank,
        text({ error: "campaigns.validation.sender_filter_invalid" })
          .trim()
          .max(20, { error: "campaigns.validation.sender_filter_invalid" })
          .optional(),
      ),
      operator: z.preprocess(
        blank,
        text({ error: "campaigns.validation.operator_filter_invalid" })
          .trim()
          .max(40, { error: "campaigns.validation.operator_filter_invalid" })
          .optional(),
      ),
    })
    .superRefine((value, ctx) => checkReportDates(value, ctx, { maxDays: ANALYTICS_MAX_DAYS, now }))
    .transform(({ start, end, ...rest }): TDeliveryAnalyticsQuery => {
      const given = start && end ? toDateRange(start, end) : undefined;
      const range = boundedDateRange(given, {
        maxDays: ANALYTICS_MAX_DAYS,
        defaultDays: ANALYTICS_DEFAULT_DAYS,
        now,
      });
      const lastDay = bangkokDayKey(new Date(range.end.getTime() - 1));
      return { ...rest, range, firstDay: bangkokDayKey(range.start), lastDay };
    });
}
export const ZDeliveryAnalyticsQuery = deliveryAnalyticsQuery();
export type TDeliveryAnalyticsQueryInput = z.input<typeof ZDeliveryAnalyticsQuery>;

const count = () => z.number().int();
/** Messages of a slice of the period: all of them, the delivered, the failed (the rest are on their way or checking). */
const ZDeliveryCounts = z.object({ messages: count(), delivered: count(), failed: count() });
export type TDeliveryCounts = z.infer<typeof ZDeliveryCounts>;
/** A failure reason: a spec §4 (state, code) pair of failed messages. */
const ZFailureReason = z.object({ state: count(), code: z.string(), messages: count() });
export type TFailureReason = z.infer<typeof ZFailureReason>;

export const ZDeliveryAnalytics = z.object({
  /** The period read: half-open ISO instants, and its first and last Bangkok day. */
  start: z.string(),
  end: z.string(),
  first_day: z.string(),
  last_day: z.string(),
  by: z.enum(ANALYTICS_DIMENSIONS),
  totals: ZDeliveryCounts,
  /**
   * Every Bangkok day of the period in order (zeros included), by the day the message was sent, with
   * its failed messages' most frequent reason (null without failures): the reasons over time.
   */
  days: z.array(ZDeliveryCounts.extend({ day: z.string(), top_reason: ZFailureReason.nullable() })),
  /** The failed messages' reasons, the most frequent first (at most 20). */
  reasons: z.array(ZFailureReason),
  /**
   * The breakdown by `by`, the most messages first (at most 50 of `group_count`): `key` is the
   * campaign id, the sender name or the operator (`-` for numbers in no operator's range); `name` the
   * campaign's name (else the key). `top_reason` is its most frequent failure reason.
   */
  groups: z.array(
    ZDeliveryCounts.extend({
      key: z.string(),
      name: z.string(),
      top_reason: ZFailureReason.nullable(),
    }),
  ),
  group_count: count(),
});
export type TDeliveryAnalytics = z.infer<typeof ZDeliveryAnalytics>;
export const ZDeliveryAnalyticsResponse = z.object({ data: ZDeliveryAnalytics });
export type TDeliveryAnalyticsResponse = z.infer<typeof ZDeliveryAnalyticsResponse>;

// ---- a number's history ----

/** How far back a number's history goes (the partitions kept: two years of months). */
export const NUMBER_HISTORY_MONTHS = 24;
/** The longest window one page reads (about three monthly partitions), so no page scans every month. */
export const NUMBER_HISTORY_WINDOW_DAYS = 92;
/** Messages per page. */
export const NUMBER_HISTORY_PAGE_SIZE = 50;

/** A history page's position: strictly before this message (created_at with microseconds, id). */
export interface TNumberHistoryCursor {
  at: string;
  id: number;
}

export function encodeHistoryCursor(cursor: TNumberHistoryCursor): string {
  return `${cursor.at}~${cursor.id}`;
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}[ T][\d:.]+(?:[+-]\d{2}(?::?\d{2})?|Z))~(\d{1,15})$/;

/** A cursor's instant as a Date (PostgreSQL's text form "2026-11-29 04:05:06.123456+00", milliseconds kept). */
export function historyCursorDate(cursor: TNumberHistoryCursor): Date {
  return new Date(cursor.at.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"));
}

export function decodeHistoryCursor(value: string): TNumberHistoryCursor | null {
  const match = CURSOR_PATTERN.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const cursor = { at: match[1], id: Number(match[2]) };
  return Number.isNaN(historyCursorDate(cursor).getTime()) ? null : cursor;
}

/**
 * GET /c/analytics/number-history: `phone` in any form a person types (0…, +66…, 66…; the one number
 * parser), `before` the `next` of the page before (none: from now).
 */
export const ZNumberHistoryQuery = z.object({
  phone: z
    .preprocess(
      (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v),
      z.union([z.null(), ZReportPhone]),
    )
    .transform((phone, ctx) => {
      if (!phone) {
        ctx.addIssue({
          code: "custom",
          message: "analytics.validation.phone_required" satisfies AnalyticsMessageKey,
        });
        return z.NEVER;
      }
      return phone;
    }),
  before: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    text(k("analytics.validation.cursor_invalid"))
      .transform((value, ctx) => {
        const cursor = decodeHistoryCursor(value);
        if (!cursor) {
          ctx.addIssue({
            code: "custom",
            message: "analytics.validation.cursor_invalid" satisfies AnalyticsMessageKey,
          });
          return z.NEVER;
        }
        return cursor;
      })
      .optional(),
  ),
});
export type TNumberHistoryQuery = z.output<typeof ZNumberHistoryQuery>;
export type TNumberHistoryQueryInput = z.input<typeof ZNumberHistoryQuery>;

export const ZNumberHistory = z.object({
  /** The number searched, 66 form. */
  phone: z.string(),
  /** Newest first. */
  entities: z.array(ZMessage),
  /** The oldest instant this page searched down to (ISO); older messages are on the next pages. */
  searched_from: z.string(),
  /** Pass as `before` for the next (older) page; null once the history's start is reached. */
  next: z.string().nullable(),
});
export type TNumberHistory = z.infer<typeof ZNumberHistory>;
export const ZNumberHistoryResponse = z.object({ data: ZNumberHistory });
export type TNumberHistoryResponse = z.infer<typeof ZNumberHistoryResponse>;
