import { z } from "zod";
import { text } from "./text.ts";

/**
 * The public SMS API (issue 14 point 3; DESIGN §7; docs/decisions/0021-public-sms-api.md): the
 * request and response shapes of ThaiBulkSMS v2 `POST /sms` and `GET /credit`, so a client of
 * theirs switches by changing its base URL. Every field is as their client sends it: a JSON body
 * or a form body (whose values are all strings).
 */

/** `force`: which of ThaiBulkSMS's two credit pools to use; both are our one balance (ADR 21). */
export const PUBLIC_CREDIT_TYPES = ["standard", "corporate"] as const;
export type PublicCreditType = (typeof PUBLIC_CREDIT_TYPES)[number];

/** A flag as JSON (`true`) or as a form field (`"true"`, `"1"`). */
const ZFlag = z.union([z.boolean(), z.enum(["true", "false", "1", "0", ""])]);

export const flagValue = (value: z.infer<typeof ZFlag> | undefined): boolean =>
  value === true || value === "true" || value === "1";

/** At most this many numbers in one request's `msisdn`. */
export const PUBLIC_SMS_MAX_NUMBERS = 1_000;
/** The longest `message` accepted (ThaiBulkSMS allows long concatenated messages; we cap the parts). */
export const PUBLIC_SMS_MAX_MESSAGE = 1_000;

export const ZPublicSmsRequest = z.object({
  /** Comma-separated numbers, in any form a person writes (0…, 66…, +66…). */
  msisdn: text().min(1).max(20_000),
  message: text().max(PUBLIC_SMS_MAX_MESSAGE),
  sender: text().min(1).max(11),
  force: z.enum(PUBLIC_CREDIT_TYPES).optional(),
  /** Send later (rules/scheduled-delivery.ts): YYMMDDhhmm, YYYY-MM-DD HH:mm (Bangkok) or ISO 8601; at most 7 days ahead. */
  scheduled_delivery: text().max(40).optional(),
  shorten_url: ZFlag.optional(),
  /** http or https; stored on the send: its delivery webhooks go there (modules/webhooks). */
  callback_url: text().max(2_000).optional(),
  tag: text().max(100).optional(),
});
export type PublicSmsRequest = z.infer<typeof ZPublicSmsRequest>;

export const ZPublicSmsResponse = z.object({
  remaining_credit: z.number(),
  total_use_credit: z.number(),
  credit_type: z.enum(PUBLIC_CREDIT_TYPES),
  phone_number_list: z.array(
    z.object({ number: z.string(), message_id: z.string(), used_credit: z.number() }),
  ),
  bad_phone_number_list: z.array(z.object({ number: z.string(), message: z.string() })),
});
export type PublicSmsResponse = z.infer<typeof ZPublicSmsResponse>;

export const ZPublicCreditResponse = z.object({
  remaining_credit: z.object({ standard: z.number(), corporate: z.number() }),
});
export type PublicCreditResponse = z.infer<typeof ZPublicCreditResponse>;

/** ThaiBulkSMS's error envelope: `code` is the HTTP status, `name` a stable constant. */
export const ZPublicApiError = z.object({
  error: z.object({ code: z.number(), name: z.string(), description: z.string() }),
});
export type PublicApiError = z.infer<typeof ZPublicApiError>;
