import { PUBLIC_OTP_MESSAGES } from "@sms/domain";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { unstorableTextError } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import { type MessageKey, translate } from "../../i18n/index.ts";
import { noteApiError } from "../api-logs/index.ts";
import { publicLocale, refusedForSender } from "./errors.ts";

/**
 * The errors of POST /api/v2/otp/request and /verify, in ThaiBulkSMS OTP's envelope
 * `{ code, errors: [{ message, name, field? }] }`: `code` is the HTTP status (the published client
 * reads `response.data.code` and `response.data.errors[0]`), `name` a stable constant of ours,
 * `message` ThaiBulkSMS's own sentence where it has one ("Code is invalid.", "Token is expire.",
 * "Token is invalid."), otherwise a sentence in English or, when Accept-Language asks, Thai.
 */
export const PUBLIC_OTP_ERROR_NAMES = {
  ERROR_UNAUTHORIZED: 401,
  ERROR_IP_NOT_ALLOWED: 403,
  ERROR_ACCOUNT_SUSPENDED: 403,
  ERROR_PHONE_NOT_VERIFIED: 403,
  ERROR_INVALID_PARAMETER: 400,
  ERROR_INVALID_MSISDN: 400,
  ERROR_INVALID_SENDER: 400,
  ERROR_CODE_INVALID: 400,
  ERROR_TOKEN_EXPIRED: 400,
  ERROR_TOKEN_INVALID: 400,
  ERROR_TOO_MANY_ATTEMPTS: 400,
  ERROR_CREDIT_NOT_ENOUGH: 402,
  ERROR_TOO_MANY_REQUESTS: 429,
  // The OTP fraud guard (ADR 98): a deny-listed number range, a prefix held for suspected pumping.
  ERROR_DESTINATION_BLOCKED: 403,
  ERROR_DESTINATION_HELD: 429,
  ERROR_INTERNAL_SERVER: 500,
} as const;
export type PublicOtpErrorName = keyof typeof PUBLIC_OTP_ERROR_NAMES;

/** The message of an error: a fixed ThaiBulkSMS sentence, or a catalog key translated per request. */
type OtpErrorText = { fixed: string } | { key: MessageKey; params?: Record<string, string | number> };

export class PublicOtpError extends Error {
  readonly status: number;
  constructor(
    readonly errorName: PublicOtpErrorName,
    readonly text: OtpErrorText,
    readonly options: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(errorName);
    this.status = PUBLIC_OTP_ERROR_NAMES[errorName];
  }
}

export const otpErrors = {
  codeInvalid: () =>
    new PublicOtpError("ERROR_CODE_INVALID", { fixed: PUBLIC_OTP_MESSAGES.codeInvalid }, { field: "pin" }),
  tokenExpired: () =>
    new PublicOtpError(
      "ERROR_TOKEN_EXPIRED",
      { fixed: PUBLIC_OTP_MESSAGES.tokenExpired },
      { field: "token" },
    ),
  tokenInvalid: () =>
    new PublicOtpError(
      "ERROR_TOKEN_INVALID",
      { fixed: PUBLIC_OTP_MESSAGES.tokenInvalid },
      { field: "token" },
    ),
  tooManyAttempts: () =>
    new PublicOtpError("ERROR_TOO_MANY_ATTEMPTS", { key: "api_otp.too_many_attempts" }, { field: "token" }),
  invalidMsisdn: () =>
    new PublicOtpError("ERROR_INVALID_MSISDN", { key: "api_otp.invalid_msisdn" }, { field: "msisdn" }),
  tooManyRequests: (seconds: number) =>
    new PublicOtpError(
      "ERROR_TOO_MANY_REQUESTS",
      { key: "api_otp.too_many_requests", params: { seconds } },
      { field: "msisdn", retryAfterSeconds: seconds },
    ),
  unauthorized: () => new PublicOtpError("ERROR_UNAUTHORIZED", { key: "public_api.unauthorized" }),
  ipNotAllowed: (ip: string) =>
    new PublicOtpError("ERROR_IP_NOT_ALLOWED", { key: "public_api.ip_not_allowed", params: { ip } }),
  suspended: (until: Date) =>
    new PublicOtpError("ERROR_ACCOUNT_SUSPENDED", {
      key: "public_api.suspended",
      params: { until: until.toISOString() },
    }),
  ownerUnverified: () =>
    new PublicOtpError("ERROR_PHONE_NOT_VERIFIED", { key: "public_api.owner_unverified" }),
};

/** Our own errors from the send (acceptApiSend), in the OTP names. */
function fromAppError(error: AppError, sender: string | undefined): PublicOtpError {
  if (error.code === "INSUFFICIENT_CREDITS") {
    return new PublicOtpError("ERROR_CREDIT_NOT_ENOUGH", {
      key: "public_api.credit_not_enough",
      params: { needed: error.params.needed ?? 0, balance: error.params.balance ?? 0 },
    });
  }
  // The organization's OTP sender is unknown or no longer approved (findSendableSender).
  if (refusedForSender(error)) {
    return new PublicOtpError("ERROR_INVALID_SENDER", {
      key: "api_otp.invalid_sender",
      params: { sender: sender ?? "" },
    });
  }
  if (error.reason === "otp_destination_denied") {
    return new PublicOtpError(
      "ERROR_DESTINATION_BLOCKED",
      { key: error.messageKey, params: error.params },
      { field: "msisdn" },
    );
  }
  if (error.reason === "otp_prefix_held") {
    return new PublicOtpError(
      "ERROR_DESTINATION_HELD",
      { key: error.messageKey, params: error.params },
      { field: "msisdn", retryAfterSeconds: Number(error.params.seconds) || 60 },
    );
  }
  if (error.code === "RATE_LIMITED") {
    const seconds = Number(error.params.seconds);
    return new PublicOtpError(
      "ERROR_TOO_MANY_REQUESTS",
      { key: error.messageKey, params: error.params },
      Number.isFinite(seconds) ? { retryAfterSeconds: seconds } : {},
    );
  }
  if (error.status < 500) {
    return new PublicOtpError("ERROR_INVALID_PARAMETER", { key: error.messageKey, params: error.params });
  }
  return new PublicOtpError("ERROR_INTERNAL_SERVER", { key: "errors.general" });
}

/** The sender a request's send used (recorded by the route), named in an invalid-sender answer. */
const sendersTried = new WeakMap<FastifyRequest, string>();
export function recordOtpSender(request: FastifyRequest, sender: string): void {
  sendersTried.set(request, sender);
}

function toOtpError(error: Error, request: FastifyRequest): PublicOtpError {
  if (error instanceof PublicOtpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = [
      ...new Set(error.validation.map((issue) => issue.instancePath.replace(/^\//, "") || "body")),
    ];
    return new PublicOtpError(
      "ERROR_INVALID_PARAMETER",
      { key: "public_api.invalid_parameter", params: { fields: fields.join(", ") } },
      fields.length === 1 && fields[0] !== "body" ? { field: fields[0] } : {},
    );
  }
  if (error instanceof AppError) return fromAppError(error, sendersTried.get(request));
  const unstorable = unstorableTextError(error);
  if (unstorable) return fromAppError(unstorable, undefined);
  const status = (error as FastifyError).statusCode;
  if (status === 429) return new PublicOtpError("ERROR_TOO_MANY_REQUESTS", { key: "errors.rate_limited" });
  if (status && status >= 400 && status < 500) {
    // A body that is not JSON, an unsupported content type, a body too large.
    return new PublicOtpError("ERROR_INVALID_PARAMETER", {
      key: "public_api.invalid_parameter",
      params: { fields: "body" },
    });
  }
  return new PublicOtpError("ERROR_INTERNAL_SERVER", { key: "errors.general" });
}

/** Replaces the app's error envelope in the /api/v2/otp scope with ThaiBulkSMS OTP's. */
export function registerOtpErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: Error, request, reply) => {
    const otpError = toOtpError(error, request);
    noteApiError(request, otpError.errorName);
    if (otpError.status >= 500) request.log.error({ err: error }, "public otp request failed");
    else request.log.info({ name: otpError.errorName, err: error.message }, "public otp request rejected");
    if (otpError.options.retryAfterSeconds !== undefined) {
      reply.header("retry-after", String(otpError.options.retryAfterSeconds));
    }
    const message =
      "fixed" in otpError.text
        ? otpError.text.fixed
        : translate(otpError.text.key, publicLocale(request), otpError.text.params);
    return reply.status(otpError.status).send({
      code: otpError.status,
      errors: [
        {
          message,
          name: otpError.errorName,
          ...(otpError.options.field ? { field: otpError.options.field } : {}),
        },
      ],
    });
  });
}
