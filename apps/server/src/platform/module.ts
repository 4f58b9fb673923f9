import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { JobDefinition } from "../jobs/define-job.ts";

/**
 * What a module hands the app (ADR 80): its /api/v1 routes and its jobs. Each module's index.ts
 * exports one; modules/index.ts lists every module once, and app.ts registers the routes and gives
 * the jobs to the JobQueue from that list, so adding a module touches that one list.
 */
export interface ServerModule {
  /** Registered under /api/v1, in the list's order. */
  routes?: FastifyPluginAsyncZod;
  /** A job that no module lists cannot be enqueued: the JobQueue refuses it. */
  jobs?: readonly JobDefinition[];
}
