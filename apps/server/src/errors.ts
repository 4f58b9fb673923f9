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

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly messageKey: MessageKey;
  readonly params: Record<string, string | number>;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(
    code: ErrorCode,
    options: {
      messageKey?: MessageKey;
      params?: Record<string, string | number>;
      details?: { path: string; message: string }[];
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
  }
}
