import { type Locale, localizePath, routeByKey } from "@sms/domain/routes";

/** Link groups shared by the header, the mobile menu and the footer (spec §2 public header/footer). */
export const SERVICE_KEYS = [
  "clients.services.marketings",
  "clients.services.otps",
  "clients.services.location-base",
] as const;
export const SUPPORT_KEYS = [
  "clients.supports.manual",
  "clients.supports.how-to",
  "clients.supports.way-cal-credit",
  "clients.supports.faq",
  "clients.supports.contact-us",
] as const;
export const LEGAL_KEYS = [
  "clients.term-and-conditions",
  "clients.privacy-notices",
  "clients.cookies",
] as const;

/** Path of a route key in a locale's tree. */
export function hrefOf(key: string, locale: Locale): string {
  const route = routeByKey(key);
  if (!route) throw new Error(`unknown route ${key}`);
  return localizePath(route.path, locale);
}
