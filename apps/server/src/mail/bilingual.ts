import { LOCALES, type Locale } from "@sms/domain";

/** Users have no stored language, so a mail to a customer is in Thai, then English, under one rule. */
export function bilingualText(body: (locale: Locale) => string): string {
  return LOCALES.map(body).join("\n\n----------\n\n");
}
