import { formatDate } from "@sms/domain/rules/format";

/** A Bangkok holiday date ("2026-12-05") as the page's calendar shows it. */
export const holidayDate = (date: string, locale: "th" | "en") =>
  formatDate(new Date(`${date}T12:00:00+07:00`), locale, "dddd D MMMM YYYY");
