import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";

const TEST_NOW_HEADER = "x-test-now";

/**
 * The request's clock. Outside production an `X-Test-Now` header (an ISO date-time) stands in for
 * the server's clock, so browser tests can reach a refund window 24 h or 30 days away; production
 * ignores it, so nobody can move a window by sending a header.
 */
export function requestNow(request: FastifyRequest): Date {
  const header = request.headers[TEST_NOW_HEADER];
  if (request.server.config.env === "production" || header === undefined) return new Date();
  const at = typeof header === "string" ? new Date(header) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime()))
    throw new AppError("VALIDATION", { messageKey: "refunds.test_now_invalid" });
  return at;
}
