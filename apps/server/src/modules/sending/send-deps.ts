import type { FastifyInstance } from "fastify";
import type { SendDeps } from "./resolve-send.ts";

/**
 * The send use cases' deps, read from the app's services (built once by buildApp, the composition
 * root, ADR 85): the one place routes and main.ts's schedule loop get them. Each is read when a
 * use case needs it, so a process without a job queue (ROLE=web) still registers the routes.
 * Extend it with `Object.assign(sendDeps(app), { … })`, which keeps these getters.
 */
export function sendDeps(app: FastifyInstance): SendDeps {
  return {
    get db() {
      return app.db;
    },
    get dbHandle() {
      return app.dbHandle;
    },
    get jobs() {
      return app.jobs;
    },
    get chunkSize() {
      return app.config.engine.chunkSize;
    },
    get acceptSliceRows() {
      return app.config.engine.acceptSliceRows;
    },
    get linkOrigin() {
      return app.config.publicUrl;
    },
  };
}
