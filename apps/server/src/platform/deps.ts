import type { Db } from "@sms/db";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { SmsGateway } from "../gateway/sms-gateway.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { Mailer } from "../mail/mailer.ts";

/** What use cases need from the app; passed explicitly so they stay testable without Fastify. */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  smsGateway: SmsGateway;
  jobs: JobQueue;
}

export function appDeps(app: FastifyInstance): AppDeps {
  return {
    db: app.db.db,
    config: app.config,
    mailer: app.mailer,
    smsGateway: app.smsGateway,
    jobs: app.jobs,
  };
}
