import { type Db, schema } from "@sms/db";
import type { Mailer, MailMessage } from "./mailer.ts";

/** Without SMTP_URL mails are kept in the database so the dev inbox can show them. */
export function createDevMailbox(options: { db: Db; from: string }): Mailer {
  return {
    async send(mail: MailMessage) {
      const [row] = await options.db
        .insert(schema.devMessages)
        .values({
          channel: "email",
          sender: options.from,
          recipient: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
        })
        .returning({ messageId: schema.devMessages.messageId });
      if (!row) throw new Error("dev mailbox insert returned no row");
      return { messageId: row.messageId };
    },
  };
}
