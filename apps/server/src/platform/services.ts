import type { Db } from "@sms/db";
import type { Config } from "../config.ts";
import { createSimulatorGateway } from "../gateway/simulator.ts";
import { createSmppGateway } from "../gateway/smpp-gateway.ts";
import type { SmsGateway } from "../gateway/sms-gateway.ts";
import { createDevMailbox } from "../mail/dev-mailbox.ts";
import type { Mailer } from "../mail/mailer.ts";
import { createSmtpMailer } from "../mail/smtp-mailer.ts";

/** The outside world the product talks to, built once per process and shared by routes and jobs. */
export interface Services {
  mailer: Mailer;
  smsGateway: SmsGateway;
  close(): Promise<void>;
}

export function createServices(config: Config, db: Db): Services {
  const smtp = config.smtpUrl ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : null;
  // SMPP binds lazily (first send, submit or listen): processes that never send never bind.
  const smsGateway =
    config.smsGateway === "smpp"
      ? createSmppGateway(config.smpp ?? missing("SMPP settings"))
      : createSimulatorGateway({ db, ...config.simulator });
  return {
    mailer: smtp ?? createDevMailbox({ db, from: config.mailFrom }),
    smsGateway,
    close: async () => {
      await smsGateway.close();
      await smtp?.close();
    },
  };
}

function missing(what: string): never {
  throw new Error(`SMS_GATEWAY=smpp needs the ${what}`);
}
