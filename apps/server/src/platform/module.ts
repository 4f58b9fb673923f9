import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { JobDefinition } from "../jobs/define-job.ts";

/**
 * What a module hands the app (ADR 80): its /api/v1 routes, its jobs and its background loop. Each module's index.ts
 * exports one; modules/index.ts lists every module once, and app.ts registers the routes and gives
 * the jobs to the JobQueue from that list, so adding a module touches that one list.
 */
export interface ServerModule {
  /** Registered under /api/v1, in the list's order. */
  routes?: FastifyPluginAsyncZod;
  /** A job that no module lists cannot be enqueued: the JobQueue refuses it. */
  jobs?: readonly JobDefinition[];
  /**
   * A loop that runs beside the job handlers (roles all/worker): started by main.ts from the app's
   * services (ADR 85), it answers how to stop it, which shutdown awaits in the list's order.
   */
  loop?: (app: FastifyInstance) => () => Promise<void>;
}
