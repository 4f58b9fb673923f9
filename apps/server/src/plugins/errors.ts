import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { unstorableTextError } from "../db-errors.ts";
import { AppError, type ErrorCode } from "../errors.ts";
import { hasMessage, onMissingMessage, storedKey, translate } from "../i18n/index.ts";

const STATUS_TO_CODE: Record<number, ErrorCode> = {
  400: "VALIDATION",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  406: "VALIDATION",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "VALIDATION",
  422: "UNPROCESSABLE",
  429: "RATE_LIMITED",
  503: "UNAVAILABLE",
};

/** What fastify-type-provider-zod reports per zod issue. */
export interface ValidationIssue {
  keyword: string;
  message?: string | undefined;
  params: { origin?: unknown };
  path: PropertyKey[];
}

/**
 * The message key of one validation issue: the contract's own key when it has one, otherwise a
 * translated key for the issue code, so zod's built-in English never reaches a reader.
 */
export function issueMessageKey(issue: ValidationIssue, input: unknown): string {
  if (issue.message && hasMessage(issue.message)) return issue.message;
  if (issue.path.length === 0 && issue.keyword === "invalid_type") return "errors.field.body_invalid";
  const numeric = issue.params.origin === "number" || issue.params.origin === "bigint";
  switch (issue.keyword) {
    case "invalid_type":
      return valueAt(input, issue.path) === undefined ? "errors.field.required" : "errors.field.wrong_type";
    case "too_big":
      return numeric ? "errors.field.too_large" : "errors.field.too_long";
    case "too_small":
      return numeric ? "errors.field.too_small" : "errors.field.too_short";
    case "invalid_value":
      return "errors.field.invalid_choice";
    case "invalid_format":
      return "errors.field.invalid_format";
    case "unrecognized_keys":
      return "errors.field.unknown_field";
    default:
      return "errors.validation";
  }
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function validatedInput(request: FastifyRequest, context: string | undefined): unknown {
  if (context === "querystring") return request.query;
  if (context === "params") return request.params;
  if (context === "headers") return request.headers;
  return request.body;
}

function toAppError(error: FastifyError | AppError | Error, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const input = validatedInput(request, (error as FastifyError).validationContext);
    return new AppError("VALIDATION", {
      details: error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issueMessageKey(
          {
            keyword: issue.keyword,
            message: issue.message,
            params: issue.params as ValidationIssue["params"],
            path: issue.instancePath.split("/").filter(Boolean),
          },
          input,
        ),
      })),
    });
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return new AppError(STATUS_TO_CODE[status] ?? "VALIDATION", { cause: error });
  }
  return unstorableTextError(error) ?? new AppError("INTERNAL", { cause: error });
}

/** The error envelope of DESIGN §5.3: details of 5xx errors never leave the server. */
export function registerErrorHandling(app: FastifyInstance): void {
  // A missing message key fails the test that reaches it; in production it is logged and the
  // reader gets the general message, never the key.
  onMissingMessage(
    app.config.env === "test" ? "throw" : (key) => app.log.error({ key }, "missing server message"),
  );
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: appError.code, err: error.message }, "request rejected");
    if (appError.code === "RATE_LIMITED" || appError.code === "UNAVAILABLE") {
      // A refusal that says when to come back (busy heavy work, ADR 30) gets Retry-After.
      const retryAfter = reply.getHeader("retry-after") ?? appError.params.seconds;
      if (retryAfter !== undefined) reply.header("retry-after", String(retryAfter));
    }
    const locale = request.locale;
    // A route miss echoes the path it could not find; that detail is not a message key.
    // A detail's message may name the same values as the error's (a limit, a tag).
    const detailText = (message: string) =>
      appError.code === "ROUTE_NOT_FOUND" ? message : translate(storedKey(message), locale, appError.params);
    return reply.status(appError.status).send({
      error: {
        code: appError.code,
        message: translate(appError.messageKey, locale, appError.params),
        ...(appError.details
          ? { details: appError.details.map((d) => ({ path: d.path, message: detailText(d.message) })) }
          : {}),
      },
    });
  });
}
