import { z } from "zod";
import { OTP_LANGUAGES } from "./api-settings.ts";
import { MESSAGE_STATUSES } from "./campaigns.ts";
import { defineSort, listResponse, reportQuery } from "./lists.ts";
import { text } from "./text.ts";

/**
 * The OTP half of the public API (issue 14 point 3; DESIGN §7): ThaiBulkSMS v2's
 * `POST /v2/otp/request` and `POST /v2/otp/verify` shapes, and the portal's report of the codes
 * sent (GET /c/otp-requests). Bodies come as JSON or as a form (every value a string); the
 * published client sends the pin as the user typed it, a string or a number.
 */

/** A string field that a JSON client may also send as a number. */
const ZTextOrNumber = (max: number) => z.union([text().max(max), z.number().transform(String)]);

export const ZPublicOtpRequest = z.object({
  key: text().max(200),
  secret: text().max(200),
  /** One number in any form a person writes (0…, 66…, +66…). */
  msisdn: ZTextOrNumber(30),
  /** The text's language for this code, instead of the organization's setting. */
  lang: z.enum(OTP_LANGUAGES).optional(),
});
export type PublicOtpRequest = z.infer<typeof ZPublicOtpRequest>;

export const ZPublicOtpRequestResponse = z.object({
  status: z.literal("success"),
  token: z.string(),
  refno: z.string(),
});
export type PublicOtpRequestResponse = z.infer<typeof ZPublicOtpRequestResponse>;

export const ZPublicOtpVerifyRequest = z.object({
  key: text().max(200),
  secret: text().max(200),
  token: text().max(200),
  pin: ZTextOrNumber(20),
});
export type PublicOtpVerifyRequest = z.infer<typeof ZPublicOtpVerifyRequest>;

export const ZPublicOtpVerifyResponse = z.object({
  status: z.literal("success"),
  message: z.string(),
});
export type PublicOtpVerifyResponse = z.infer<typeof ZPublicOtpVerifyResponse>;

/** ThaiBulkSMS OTP's error envelope: `code` is the HTTP status; `errors[0].message` the reason. */
export const ZPublicOtpError = z.object({
  code: z.number(),
  errors: z.array(z.object({ message: z.string(), name: z.string(), field: z.string().optional() })),
});
export type PublicOtpError = z.infer<typeof ZPublicOtpError>;

/** The exact sentences ThaiBulkSMS answers, which clients compare against. */
export const PUBLIC_OTP_MESSAGES = {
  correct: "Code is correct.",
  codeInvalid: "Code is invalid.",
  tokenExpired: "Token is expire.",
  tokenInvalid: "Token is invalid.",
} as const;

// ---- the portal's report ----

/**
 * `expired` is read from `expires_at` for a pending code, whether or not a check stored it;
 * `resent`: a send a later resend under the same token superseded (ADR 96).
 */
export const OTP_REQUEST_STATUSES = ["pending", "verified", "expired", "failed", "resent"] as const;
export type OtpRequestStatus = (typeof OTP_REQUEST_STATUSES)[number];

export const OTP_REQUESTS_MAX_DAYS = 31;
export const OTP_REQUESTS_DEFAULT_DAYS = 7;
export const OTP_REQUESTS_SORT = defineSort(["created_at"], { key: "created_at", reverse: true });

/** GET /c/otp-requests: the last 7 Bangkok days unless `start`/`end` (at most 31); `phone`, `status`. */
export const ZOtpRequestsQuery = reportQuery({
  sort: OTP_REQUESTS_SORT,
  maxDays: OTP_REQUESTS_MAX_DAYS,
  bounded: true,
  defaultDays: OTP_REQUESTS_DEFAULT_DAYS,
  statuses: OTP_REQUEST_STATUSES,
});
export type TOtpRequestsQuery = z.output<typeof ZOtpRequestsQuery>;
export type TOtpRequestsQueryInput = z.input<typeof ZOtpRequestsQuery>;

/** One code sent: never its pin or token. */
export const ZOtpRequest = z.object({
  id: z.number().int(),
  /** 66 form. */
  msisdn: z.string(),
  refno: z.string(),
  status: z.enum(OTP_REQUEST_STATUSES),
  /** Wrong checks so far. */
  attempts: z.number().int(),
  credits: z.number().int(),
  message_id: z.number().int().nullable(),
  expires_at: z.string(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
});
export type TOtpRequest = z.infer<typeof ZOtpRequest>;

export const ZOtpRequestsResponse = listResponse(ZOtpRequest);
export type TOtpRequestsResponse = z.infer<typeof ZOtpRequestsResponse>;

/** The detail: the code with its SMS's delivery (status, gateway state and code); not the text, which holds the pin. */
export const ZOtpRequestDetail = ZOtpRequest.extend({
  message: z
    .object({
      id: z.number().int(),
      sender: z.string(),
      status: z.enum(MESSAGE_STATUSES),
      state: z.number().int().nullable(),
      code: z.string().nullable(),
      submitted_at: z.string().nullable(),
      done_at: z.string().nullable(),
    })
    .nullable(),
});
export type TOtpRequestDetail = z.infer<typeof ZOtpRequestDetail>;
export const ZOtpRequestResponse = z.object({ data: ZOtpRequestDetail });
export type TOtpRequestResponse = z.infer<typeof ZOtpRequestResponse>;

export const ZOtpRequestIdParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type TOtpRequestIdParams = z.input<typeof ZOtpRequestIdParams>;
