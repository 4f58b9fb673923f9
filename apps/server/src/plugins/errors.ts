import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type ErrorCode } from "../errors.ts";
import { translate } from "../i18n/index.ts";

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

function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new AppError("VALIDATION", {
      details: error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: issue.message ?? "errors.validation",
      })),
    });
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    return new AppError(STATUS_TO_CODE[status] ?? "VALIDATION", { cause: error });
  }
  return new AppError("INTERNAL", { cause: error });
}

/** The error envelope of DESIGN §5.3: details of 5xx errors never leave the server. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ code: appError.code, err: error.message }, "request rejected");
    if (appError.code === "RATE_LIMITED") {
      const retryAfter = reply.getHeader("retry-after");
      if (retryAfter !== undefined) reply.header("retry-after", retryAfter);
    }
    const locale = request.locale;
    return reply.status(appError.status).send({
      error: {
        code: appError.code,
        message: translate(appError.messageKey, locale, appError.params),
        ...(appError.details
          ? {
              details: appError.details.map((d) => ({ path: d.path, message: translate(d.message, locale) })),
            }
          : {}),
      },
    });
  });
}
