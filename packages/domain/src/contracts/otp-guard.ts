import { z } from "zod";
import type otpGuardTexts from "../../locales/en/otp-guard.json";
import { bangkokDayKey } from "../rules/bangkok-time.ts";
import { OTP_BLOCK_REASONS, OTP_DENY_KINDS, OTP_GUARD_LIMITS } from "../rules/otp-guard.ts";
import {
  boundedDateRange,
  checkReportDates,
  reportDateFields,
  type TDateRange,
  type TReportDate,
  toDateRange,
} from "../rules/report-filters.ts";
import { OTP_REQUESTS_MAX_DAYS } from "./api-otp.ts";
import { text } from "./text.ts";

/**
 * The OTP fraud guard's data (issue 28 point 2, ADR 98) and the OTP report's conversion insight
 * (issue 28 point 3, ADR 99): the deny list staff edit, and the organization's requests, verified,
 * expired, failed and blocked codes over time and per sender. Messages are i18n keys with their
 * texts in locales/<lang>/otp-guard.json; the limit they name is a catalogue variable (catalogue.ts).
 */
export { OTP_GUARD_LIMITS };

export type OtpGuardMessageKey = keyof typeof otpGuardTexts;
const k = (key: OtpGuardMessageKey) => ({ error: key });

// ---- the deny list (staff) ----

export const ZOtpDenyRange = z.object({
  prefix: z
    .string()
    .trim()
    .regex(/^66\d{0,9}$/, k("otp_guard.validation.deny_ranges_invalid")),
  kind: z.enum(OTP_DENY_KINDS, k("otp_guard.validation.deny_ranges_invalid")),
  note: text(k("otp_guard.validation.deny_ranges_invalid"))
    .trim()
    .max(OTP_GUARD_LIMITS.note, k("otp_guard.validation.deny_ranges_invalid"))
    .default(""),
});
export type TOtpDenyRange = z.output<typeof ZOtpDenyRange>;
export type TOtpDenyRangeInput = z.input<typeof ZOtpDenyRange>;

export const ZOtpDenyRangesResponse = z.object({
  data: z.object({ entities: z.array(ZOtpDenyRange.extend({ note: z.string(), updated_at: z.string() })) }),
});
export type TOtpDenyRangesResponse = z.infer<typeof ZOtpDenyRangesResponse>;

/** PUT /admin/otp-deny-ranges: the whole list, replacing what is stored. */
export const ZReplaceOtpDenyRangesRequest = z.object({
  ranges: z
    .array(ZOtpDenyRange, k("otp_guard.validation.deny_ranges_invalid"))
    .max(OTP_GUARD_LIMITS.denyRanges, k("otp_guard.validation.deny_ranges_invalid"))
    .refine(
      (ranges) => new Set(ranges.map((r) => r.prefix)).size === ranges.length,
      k("otp_guard.validation.deny_ranges_invalid"),
    ),
});
export type TReplaceOtpDenyRangesRequest = z.input<typeof ZReplaceOtpDenyRangesRequest>;

// ---- the conversion insight (the OTP report) ----

export const OTP_CONVERSION_DEFAULT_DAYS = 7;
export const OTP_CONVERSION_MAX_SENDERS = 50;
export const OTP_CONVERSION_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type OtpConversionExportFormat = (typeof OTP_CONVERSION_EXPORT_FORMATS)[number];

export interface TOtpConversionQuery {
  range: TDateRange;
  firstDay: string;
  lastDay: string;
  sender?: string | undefined;
}

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const conversionFields = {
  ...reportDateFields,
  sender: z.preprocess(
    blank,
    text(k("otp_guard.validation.sender_invalid"))
      .trim()
      .max(20, k("otp_guard.validation.sender_invalid"))
      .optional(),
  ),
};
const toConversionQuery = <T extends { start?: TReportDate | undefined; end?: TReportDate | undefined }>(
  value: T,
) => {
  const { start, end, ...rest } = value;
  const given = start && end ? toDateRange(start, end) : undefined;
  const range = boundedDateRange(given, {
    maxDays: OTP_REQUESTS_MAX_DAYS,
    defaultDays: OTP_CONVERSION_DEFAULT_DAYS,
    now: () => new Date(),
  });
  const lastDay = bangkokDayKey(new Date(range.end.getTime() - 1));
  return { ...rest, range, firstDay: bangkokDayKey(range.start), lastDay };
};

/** GET /c/otp-requests/conversion: `start`/`end` as every report (at most 31 days; the last 7 without), `sender`. */
export const ZOtpConversionQuery = z
  .object(conversionFields)
  .superRefine((value, ctx) => checkReportDates(value, ctx, { maxDays: OTP_REQUESTS_MAX_DAYS }))
  .transform((value): TOtpConversionQuery => toConversionQuery(value));
export type TOtpConversionQueryInput = z.input<typeof ZOtpConversionQuery>;

/** GET /c/otp-requests/conversion/export: the same plus `format`. */
export const ZOtpConversionExportQuery = z
  .object({
    ...conversionFields,
    format: z
      .enum(OTP_CONVERSION_EXPORT_FORMATS, k("otp_guard.validation.export_format_invalid"))
      .default("csv"),
  })
  .superRefine((value, ctx) => checkReportDates(value, ctx, { maxDays: OTP_REQUESTS_MAX_DAYS }))
  .transform(
    (value) => toConversionQuery(value) as TOtpConversionQuery & { format: OtpConversionExportFormat },
  );
export type TOtpConversionExportQueryInput = z.input<typeof ZOtpConversionExportQuery>;

const count = () => z.number().int();
/**
 * Codes of a slice: `requests` sent (charged), of which `verified`, `expired` (never verified in
 * time), `failed` (too many wrong pins) and `pending` (still valid); `blocked` requests the fraud
 * guard refused (never sent nor charged). `conversion` is verified / requests (null without
 * requests); `median_verify_seconds` from the request to its verification (null without any).
 */
export const ZOtpConversionCounts = z.object({
  requests: count(),
  verified: count(),
  expired: count(),
  failed: count(),
  pending: count(),
  blocked: count(),
  conversion: z.number().nullable(),
  median_verify_seconds: z.number().nullable(),
});
export type TOtpConversionCounts = z.infer<typeof ZOtpConversionCounts>;

export const ZOtpConversion = z.object({
  start: z.string(),
  end: z.string(),
  first_day: z.string(),
  last_day: z.string(),
  totals: ZOtpConversionCounts,
  /** Every Bangkok day of the period in order, zeros included. */
  days: z.array(ZOtpConversionCounts.extend({ day: z.string() })),
  /** Per sender, the most requests first (at most 50). */
  senders: z.array(ZOtpConversionCounts.extend({ sender: z.string() })),
  /** The guard's refusals of the period by reason. */
  blocked_reasons: z.array(z.object({ reason: z.enum(OTP_BLOCK_REASONS), requests: count() })),
  /** Prefixes held now for suspected pumping. */
  holds: z.array(
    z.object({
      prefix: z.string(),
      requests: count(),
      verified: count(),
      rate: z.number(),
      baseline: z.number(),
      held_at: z.string(),
      held_until: z.string(),
    }),
  ),
  /** The latest refused requests of the period (at most 20). */
  recent_blocks: z.array(
    z.object({
      id: count(),
      msisdn: z.string(),
      sender: z.string().nullable(),
      reason: z.enum(OTP_BLOCK_REASONS),
      created_at: z.string(),
    }),
  ),
});
export type TOtpConversion = z.infer<typeof ZOtpConversion>;
export const ZOtpConversionResponse = z.object({ data: ZOtpConversion });
export type TOtpConversionResponse = z.infer<typeof ZOtpConversionResponse>;

/** The export's columns (one row per Bangkok day and sender), in the caller's language. */
export function otpConversionExportColumns(locale: "th" | "en"): { header: string; width: number }[] {
  const th = locale === "th";
  return [
    { header: th ? "วันที่" : "Day", width: 12 },
    { header: th ? "ผู้ส่ง" : "Sender", width: 16 },
    { header: th ? "คำขอ" : "Requests", width: 10 },
    { header: th ? "ยืนยันแล้ว" : "Verified", width: 10 },
    { header: th ? "หมดอายุ" : "Expired", width: 10 },
    { header: th ? "ล้มเหลว" : "Failed", width: 10 },
    { header: th ? "รอยืนยัน" : "Pending", width: 10 },
    { header: th ? "ถูกระงับ" : "Blocked", width: 10 },
    { header: th ? "อัตราการยืนยัน (%)" : "Conversion (%)", width: 14 },
    { header: th ? "เวลายืนยันมัธยฐาน (วินาที)" : "Median time to verify (s)", width: 18 },
  ];
}

/** POST /c/otp-holds/{prefix}/release: a held prefix (the 7 digits of the 66 form) the owner releases. */
export const ZOtpHoldParams = z.object({
  prefix: z.string().regex(/^66\d{5}$/, k("otp_guard.validation.hold_prefix_invalid")),
});
export type TOtpHoldParams = z.input<typeof ZOtpHoldParams>;
export const ZOtpHoldReleaseResponse = z.object({
  data: z.object({ prefix: z.string(), released_at: z.string() }),
});
export type TOtpHoldReleaseResponse = z.infer<typeof ZOtpHoldReleaseResponse>;
