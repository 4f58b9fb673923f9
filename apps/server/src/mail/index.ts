import fp from "fastify-plugin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createDevMailbox } from "./dev-mailbox.ts";
import type { Mailer } from "./mailer.ts";
import { createSmtpMailer } from "./smtp-mailer.ts";

export type { Mailer, MailMessage } from "./mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates `app.mailer` for the modules registered after it: SMTP when SMTP_URL is set, else the dev mailbox. */
export const mailPlugin: FastifyPluginAsyncZod = fp(
  async (app) => {
    if (app.config.smtpUrl) {
      const smtp = createSmtpMailer({ url: app.config.smtpUrl, from: app.config.mailFrom });
      app.decorate("mailer", smtp);
      app.addHook("onClose", async () => smtp.close());
    } else {
      app.decorate("mailer", createDevMailbox({ db: app.db.db, from: app.config.mailFrom }));
    }
  },
  { name: "mailer" },
);
