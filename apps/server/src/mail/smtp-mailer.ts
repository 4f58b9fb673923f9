import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "./mailer.ts";

/** Real e-mail through the SMTP server of SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer & { close: () => void } {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(mail: MailMessage) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
