import { z } from "zod";
import type apiLogTexts from "../../locales/en/api-logs.json";
import type { Locale } from "../routes.ts";
import {
  boundedDateRange,
  checkReportDates,
  reportChoice,
  reportDateFields,
  toDateRange,
} from "../rules/report-filters.ts";
import { defineSort, listQueryShape, listResponse, resolveSort } from "./lists.ts";
import { text } from "./text.ts";

/**
 * The public API's request log (issue 27 point 3, ADR 92): every /api/v2 call of the
 * organization, kept API_LOG_RETENTION_DAYS, searchable in the portal (GET /c/api-logs) and
 * exportable. A row never holds a secret, an OTP code or the Authorization header.
 */

export type ApiLogMessageKey = keyof typeof apiLogTexts;
const k = (key: ApiLogMessageKey) => ({ error: key });

/** How long a call is kept: its day's partition is dropped once the whole day is older than this. */
export const API_LOG_RETENTION_DAYS = 30;
/** The longest period one search reads (the whole retention). */
export const API_LOG_MAX_DAYS = 31;
export const API_LOG_DEFAULT_DAYS = 1;

/** The logged routes (the public API's own paths). */
export const API_LOG_ENDPOINTS = [
  "/api/v2/sms",
  "/api/v2/credit",
  "/api/v2/otp/request",
  "/api/v2/otp/verify",
] as const;
export type ApiLogEndpoint = (typeof API_LOG_ENDPOINTS)[number];

/** The HTTP statuses the public API answers. */
export const API_LOG_STATUSES = [
  "200",
  "201",
  "400",
  "401",
  "402",
  "403",
  "409",
  "422",
  "429",
  "500",
] as const;

/** Every error name of the SMS and OTP APIs (the server's tests keep this list complete). */
export const API_LOG_ERROR_CODES = [
  "ERROR_UNAUTHORIZED",
  "ERROR_IP_NOT_ALLOWED",
  "ERROR_ACCOUNT_SUSPENDED",
  "ERROR_PHONE_NOT_VERIFIED",
  "ERROR_INVALID_PARAMETER",
  "ERROR_INVALID_MSISDN",
  "ERROR_INVALID_SENDER",
  "ERROR_INVALID_SCHEDULED_DELIVERY",
  "ERROR_CREDIT_NOT_ENOUGH",
  "ERROR_IDEMPOTENCY_IN_FLIGHT",
  "ERROR_UNPROCESSABLE",
  "ERROR_RATE_LIMITED",
  "ERROR_PUMPING_SUSPECTED",
  "ERROR_CODE_INVALID",
  "ERROR_TOKEN_EXPIRED",
  "ERROR_TOKEN_INVALID",
  "ERROR_TOO_MANY_ATTEMPTS",
  "ERROR_TOO_MANY_REQUESTS",
  "ERROR_DESTINATION_BLOCKED",
  "ERROR_DESTINATION_HELD",
  "ERROR_INTERNAL_SERVER",
] as const;
export type ApiLogErrorCode = (typeof API_LOG_ERROR_CODES)[number];

export const API_LOGS_SORT = defineSort(["created_at", "status", "latency_ms"], {
  key: "created_at",
  reverse: true,
});

const emptyIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The filters beside the period and the status. */
const ZApiLogFilters = {
  endpoint: z.preprocess(
    emptyIsAbsent,
    z.enum(API_LOG_ENDPOINTS, k("api_logs.validation.endpoint_invalid")).optional(),
  ),
  error_code: z.preprocess(
    emptyIsAbsent,
    z.enum(API_LOG_ERROR_CODES, k("api_logs.validation.error_code_invalid")).optional(),
  ),
  api_key: z.preprocess(
    emptyIsAbsent,
    text(k("api_logs.validation.api_key_invalid"))
      .trim()
      .max(100, k("api_logs.validation.api_key_invalid"))
      .optional(),
  ),
  ip: z.preprocess(
    emptyIsAbsent,
    text(k("api_logs.validation.ip_invalid")).trim().max(45, k("api_logs.validation.ip_invalid")).optional(),
  ),
  message_id: z.preprocess(
    emptyIsAbsent,
    z.coerce
      .number(k("api_logs.validation.message_id_invalid"))
      .int(k("api_logs.validation.message_id_invalid"))
      .min(1, k("api_logs.validation.message_id_invalid"))
      .max(Number.MAX_SAFE_INTEGER, k("api_logs.validation.message_id_invalid"))
      .optional(),
  ),
};

const rangeRules = { maxDays: API_LOG_MAX_DAYS, defaultDays: API_LOG_DEFAULT_DAYS };

/**
 * GET /c/api-logs: a bounded period (today in Bangkok unless `start`/`end`, at most 31 days),
 * `status` (an HTTP status), `endpoint`, `error_code`, `api_key`, `ip` (exact) and `message_id`
 * (the call that created that message). Newest first.
 */
export const ZApiLogsQuery = z
  .object({
    ...listQueryShape({ sort: API_LOGS_SORT }),
    ...reportDateFields,
    status: reportChoice(API_LOG_STATUSES, "status"),
    ...ZApiLogFilters,
  })
  .superRefine((value, ctx) => checkReportDates(value, ctx, { maxDays: API_LOG_MAX_DAYS }))
  .transform(({ start, end, ...rest }) => ({
    ...resolveSort(rest, API_LOGS_SORT),
    range: boundedDateRange(start && end ? toDateRange(start, end) : undefined, rangeRules),
  }));
export type TApiLogsQuery = z.output<typeof ZApiLogsQuery>;
export type TApiLogsQueryInput = z.input<typeof ZApiLogsQuery>;

/** One logged call. */
export const ZApiLog = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** The key's public identifier (sk_…/ok_…), null when the call presented none of ours. */
  api_key: z.string().nullable(),
  key_kind: z.enum(["sms", "otp"]).nullable(),
  ip: z.string(),
  method: z.string(),
  endpoint: z.string(),
  status: z.number().int(),
  error_code: z.string().nullable(),
  latency_ms: z.number().int(),
  message_ids: z.array(z.number().int()),
});
export type TApiLog = z.infer<typeof ZApiLog>;
export const ZApiLogsResponse = listResponse(ZApiLog);
export type TApiLogsResponse = z.infer<typeof ZApiLogsResponse>;

// ---- export ----

export const API_LOG_EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ApiLogExportFormat = (typeof API_LOG_EXPORT_FORMATS)[number];

/** GET /c/api-logs/export: the same filter as the list, in its order, plus `format`. */
export const ZApiLogsExportQuery = z.intersection(
  ZApiLogsQuery,
  z.object({
    format: z.enum(API_LOG_EXPORT_FORMATS, k("api_logs.validation.export_format_invalid")).default("csv"),
  }),
);
export type TApiLogsExportQueryInput = z.input<typeof ZApiLogsExportQuery>;

export const API_LOG_EXPORT_COLUMNS = [
  { key: "created_at", th: "เวลา", en: "Time", width: 20 },
  { key: "endpoint", th: "Endpoint", en: "Endpoint", width: 22 },
  { key: "status", th: "สถานะ HTTP", en: "HTTP status", width: 10 },
  { key: "error_code", th: "รหัสข้อผิดพลาด", en: "Error code", width: 28 },
  { key: "latency_ms", th: "เวลาตอบ (ms)", en: "Latency (ms)", width: 12 },
  { key: "api_key", th: "API key", en: "API key", width: 30 },
  { key: "ip", th: "IP", en: "IP", width: 20 },
  { key: "message_ids", th: "รหัสข้อความ", en: "Message IDs", width: 30 },
] as const;

export function apiLogExportColumns(locale: Locale): { header: string; width: number }[] {
  return API_LOG_EXPORT_COLUMNS.map((column) => ({ header: column[locale], width: column.width }));
}
