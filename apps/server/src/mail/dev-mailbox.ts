import type { Db } from "@sms/db";
import { storeDevMail } from "../gateway/index.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

/** Without SMTP_URL mails are kept in the database so the dev inbox can show them (the gateway owns that table). */
export function createDevMailbox(options: { db: Db; from: string }): Mailer {
  return {
    send: (mail: MailMessage) =>
      storeDevMail(options.db, {
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
      }),
  };
}
