import type { FastifyReply } from "fastify";
import { AppError } from "../errors.ts";

/** Puts Retry-After on the answer when a quota error passes through (DESIGN §7, spec §9). */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.code === "RATE_LIMITED" && err.params.seconds !== undefined) {
      reply.header("retry-after", String(err.params.seconds));
    }
    throw err;
  }
}
