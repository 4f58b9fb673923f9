export { bilingualText } from "./bilingual.ts";
export type { Mailer } from "./mailer.ts";
