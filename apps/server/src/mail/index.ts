export type { Mailer, MailMessage } from "./mailer.ts";
