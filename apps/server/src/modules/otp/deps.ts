import type { Db } from "@sms/db";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { SmsGateway } from "../../gateway/index.ts";
import type { Mailer } from "../../mail/index.ts";

/** What the account use cases need from the app; passed explicitly so they stay testable. */
export interface AccountDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  smsGateway: SmsGateway;
}

export function accountDeps(app: FastifyInstance): AccountDeps {
  return { db: app.db.db, config: app.config, mailer: app.mailer, smsGateway: app.smsGateway };
}
