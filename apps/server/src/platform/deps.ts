import type { Db } from "@sms/db";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { SmsGateway } from "../gateway/sms-gateway.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { Mailer } from "../mail/mailer.ts";

/**
 * What use cases need from the app; passed explicitly so they stay testable without Fastify. The
 * app itself is the container: buildApp (the composition root) builds each service once and
 * decorates it; `appDeps` here and the sending module's `sendDeps` are the two ways use cases get
 * them (ADR 85).
 */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  smsGateway: SmsGateway;
  jobs: JobQueue;
}

/**
 * The app's services as AppDeps, each read when a use case needs it, so routes may build them once
 * at registration: a process without a job queue (ROLE=web) still boots.
 */
export function appDeps(app: FastifyInstance): AppDeps {
  return {
    get db() {
      return app.db;
    },
    get config() {
      return app.config;
    },
    get mailer() {
      return app.mailer;
    },
    get smsGateway() {
      return app.smsGateway;
    },
    get jobs() {
      return app.jobs;
    },
  };
}
