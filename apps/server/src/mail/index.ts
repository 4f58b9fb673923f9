export { bilingualText } from "./bilingual.ts";
export type { Mailer, MailMessage } from "./mailer.ts";
