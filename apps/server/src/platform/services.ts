import type { Db } from "@sms/db";
import type { Config } from "../config.ts";
import { createSimulatorGateway } from "../gateway/simulator.ts";
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
  if (config.smsGateway === "smpp") {
    // Fail at start rather than silently dropping messages until the SMPP gateway exists.
    throw new Error("SMS_GATEWAY=smpp is not available yet; use the simulator");
  }
  const smtp = config.smtpUrl ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : null;
  const smsGateway = createSimulatorGateway({ db, ...config.simulator });
  return {
    mailer: smtp ?? createDevMailbox({ db, from: config.mailFrom }),
    smsGateway,
    close: async () => {
      await smsGateway.close();
      await smtp?.close();
    },
  };
}
