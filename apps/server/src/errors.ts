import type { MessageKey } from "./i18n/index.ts";

/** One error type for the whole API (DESIGN §5.3): a code, its HTTP status and a translated message. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  INVALID_CREDENTIALS: 400,
  OTP_INVALID: 400,
  OTP_EXPIRED: 400,
  UNAUTHORIZED: 401,
  SESSION_REPLACED: 401,
  FORBIDDEN: 403,
  /** ADR 32: the acting user (or, for the public API, the organization's owner) has not verified a phone. */
  PHONE_NOT_VERIFIED: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  INSUFFICIENT_CREDITS: 402,
  SUSPENDED: 403,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const DEFAULT_MESSAGE_KEY: Record<ErrorCode, MessageKey> = {
  VALIDATION: "errors.validation",
  INVALID_CREDENTIALS: "accounts.invalid_credentials",
  OTP_INVALID: "validation.otp_invalid",
  OTP_EXPIRED: "accounts.otp_expired",
  UNAUTHORIZED: "errors.unauthorized",
  SESSION_REPLACED: "accounts.session_replaced",
  FORBIDDEN: "errors.forbidden",
  PHONE_NOT_VERIFIED: "accounts.phone_not_verified",
  NOT_FOUND: "errors.not_found",
  ROUTE_NOT_FOUND: "errors.route_not_found",
  INSUFFICIENT_CREDITS: "credits.insufficient",
  SUSPENDED: "organizations.suspended",
  CONFLICT: "errors.conflict",
  PAYLOAD_TOO_LARGE: "errors.payload_too_large",
  UNPROCESSABLE: "errors.validation",
  LOCKED: "errors.forbidden",
  RATE_LIMITED: "errors.rate_limited",
  INTERNAL: "errors.general",
  UNAVAILABLE: "errors.unavailable",
};

/**
 * Refusals another module must recognise, each named for what happened, not for its text (ADR 88):
 * code that tells refusals apart maps on these; message keys only choose the text the reader sees,
 * so rewording or renaming a message changes no behaviour. The module that throws each is named.
 */
export const REFUSAL_REASONS = [
  // senders/find-sendable-sender.ts, sending/resolve-send.ts: the send's sender cannot carry it.
  "sender_not_found",
  "sender_not_approved",
  "own_sender_required",
  "marketing_sender_required",
  // public-api/safety.ts: the SMS-pumping guard, and an idempotency key whose first request is still running.
  "pumping_suspected",
  "idempotency_in_flight",
  // otp-guard/guard.ts: the OTP fraud guard's deny list, held prefixes and request limits (ADR 98).
  "otp_destination_denied",
  "otp_prefix_held",
  "otp_guard_limit",
  // sending/accept-send.ts: another firer is still accepting the campaign; no text was left to send.
  "still_accepting",
  "empty_after_personalising",
  // sending/trial-limits.ts: a free trial's recipients a day.
  "trial_recipient_limit",
  // sending/read-file-recipients(.task).ts: the file no longer fits the text, or the heavy-work pool is full.
  "file_unknown_tag",
  "file_phone_column_not_found",
  "file_too_many_rows",
  "heavy_work_busy",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const isRefusalReason = (value: unknown): value is RefusalReason =>
  (REFUSAL_REASONS as readonly unknown[]).includes(value);

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: MessageKey;
  readonly params: Record<string, string | number>;
  readonly details: { path: string; message: string }[] | undefined;
  /** Set on the refusals other modules recognise (REFUSAL_REASONS); undefined on the rest. */
  readonly reason: RefusalReason | undefined;

  constructor(
    code: ErrorCode,
    options: {
      messageKey?: MessageKey;
      params?: Record<string, string | number>;
      details?: { path: string; message: string }[];
      reason?: RefusalReason;
      cause?: unknown;
    } = {},
  ) {
    super(options.messageKey ?? DEFAULT_MESSAGE_KEY[code], { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.messageKey = options.messageKey ?? DEFAULT_MESSAGE_KEY[code];
    this.params = options.params ?? {};
    this.details = options.details;
    this.reason = options.reason;
  }
}
