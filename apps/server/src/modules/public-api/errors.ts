import type { Locale } from "@sms/domain";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { unstorableTextError } from "../../db-errors.ts";
import { AppError, type RefusalReason } from "../../errors.ts";
import { type MessageKey, translate } from "../../i18n/index.ts";
import { noteApiError } from "../api-logs/index.ts";

/**
 * The errors of POST /api/v2/sms and GET /api/v2/credit, in ThaiBulkSMS's envelope
 * `{ error: { code, name, description } }`: `code` is the HTTP status, `name` one of these stable
 * constants (docs/decisions/0021-public-sms-api.md lists them), `description` a sentence in English,
 * or Thai when the request's Accept-Language asks for it.
 */
export const PUBLIC_ERROR_NAMES = {
  ERROR_UNAUTHORIZED: 401,
  ERROR_IP_NOT_ALLOWED: 403,
  ERROR_ACCOUNT_SUSPENDED: 403,
  ERROR_PHONE_NOT_VERIFIED: 403,
  ERROR_INVALID_PARAMETER: 400,
  ERROR_INVALID_MSISDN: 400,
  ERROR_INVALID_SENDER: 400,
  ERROR_INVALID_SCHEDULED_DELIVERY: 400,
  ERROR_CREDIT_NOT_ENOUGH: 402,
  ERROR_IDEMPOTENCY_IN_FLIGHT: 409,
  ERROR_UNPROCESSABLE: 422,
  ERROR_RATE_LIMITED: 429,
  ERROR_PUMPING_SUSPECTED: 429,
  ERROR_INTERNAL_SERVER: 500,
} as const;
export type PublicErrorName = keyof typeof PUBLIC_ERROR_NAMES;

export class PublicApiError extends Error {
  readonly status: number;
  constructor(
    readonly errorName: PublicErrorName,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
    this.status = PUBLIC_ERROR_NAMES[errorName];
  }
}

/** English unless the caller asks for Thai (ThaiBulkSMS answers in English); plugins/locale.ts reads the header. */
export const publicLocale = (request: FastifyRequest): Locale => request.askedLocale ?? "en";

/** The refusals of the send's sender (findSendableSender, assertSenderCarries): ERROR_INVALID_SENDER. */
const SENDER_REASONS: ReadonlySet<RefusalReason | undefined> = new Set<RefusalReason>([
  "sender_not_found",
  "sender_not_approved",
  "own_sender_required",
  "marketing_sender_required",
]);

/** Whether the send was refused for its sender, in the public API's two error sets. */
export const refusedForSender = (error: AppError): boolean => SENDER_REASONS.has(error.reason);

/** Our own errors from the send use cases, in the public names. */
function fromAppError(error: AppError, sender: string | undefined): PublicApiError {
  if (error.code === "INSUFFICIENT_CREDITS") {
    return new PublicApiError("ERROR_CREDIT_NOT_ENOUGH", "public_api.credit_not_enough", {
      needed: error.params.needed ?? 0,
      balance: error.params.balance ?? 0,
    });
  }
  // findSendableSender: an unknown or another organization's name (404), not approved (400);
  // assertSenderCarries (400).
  if (refusedForSender(error)) {
    // The shared default is refused for free text (ADR 32): say so rather than "invalid".
    const key = error.reason === "own_sender_required" ? error.messageKey : "public_api.invalid_sender";
    return new PublicApiError("ERROR_INVALID_SENDER", key, { sender: sender ?? "" });
  }
  if (error.code === "RATE_LIMITED") {
    // The SMS-pumping guard's refusals (safety.ts): 429 under their own name.
    return new PublicApiError(
      error.reason === "pumping_suspected" ? "ERROR_PUMPING_SUSPECTED" : "ERROR_RATE_LIMITED",
      error.messageKey,
      error.params,
    );
  }
  if (error.reason === "idempotency_in_flight")
    return new PublicApiError("ERROR_IDEMPOTENCY_IN_FLIGHT", error.messageKey, error.params);
  if (error.status === 422) return new PublicApiError("ERROR_UNPROCESSABLE", error.messageKey, error.params);
  if (error.status < 500)
    return new PublicApiError("ERROR_INVALID_PARAMETER", error.messageKey, error.params);
  return new PublicApiError("ERROR_INTERNAL_SERVER", "errors.general");
}

function toPublicError(error: Error, request: FastifyRequest): PublicApiError {
  if (error instanceof PublicApiError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = [
      ...new Set(error.validation.map((issue) => issue.instancePath.replace(/^\//, "") || "body")),
    ];
    return new PublicApiError("ERROR_INVALID_PARAMETER", "public_api.invalid_parameter", {
      fields: fields.join(", "),
    });
  }
  if (error instanceof AppError) {
    const body = (request.body ?? {}) as { sender?: unknown };
    return fromAppError(error, typeof body.sender === "string" ? body.sender : undefined);
  }
  const unstorable = unstorableTextError(error);
  if (unstorable) return fromAppError(unstorable, undefined);
  const status = (error as FastifyError).statusCode;
  if (status === 429) return new PublicApiError("ERROR_RATE_LIMITED", "errors.rate_limited");
  if (status && status >= 400 && status < 500) {
    // A body that is not JSON, an unsupported content type, a body too large.
    return new PublicApiError("ERROR_INVALID_PARAMETER", "public_api.invalid_parameter", {
      fields: "body",
    });
  }
  return new PublicApiError("ERROR_INTERNAL_SERVER", "errors.general");
}

/** Replaces the app's error envelope (DESIGN §5.3) in the /api/v2 scope with ThaiBulkSMS's. */
export function registerPublicErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: Error, request, reply) => {
    const publicError = toPublicError(error, request);
    noteApiError(request, publicError.errorName);
    if (publicError.status >= 500) request.log.error({ err: error }, "public api request failed");
    else request.log.info({ name: publicError.errorName, err: error.message }, "public api request rejected");
    if (publicError.status === 429 && publicError.params.seconds !== undefined) {
      reply.header("retry-after", String(publicError.params.seconds));
    }
    return reply.status(publicError.status).send({
      error: {
        code: publicError.status,
        name: publicError.errorName,
        description: translate(publicError.messageKey, publicLocale(request), publicError.params),
      },
    });
  });
}
