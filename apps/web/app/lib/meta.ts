import { routeByKey, splitLocale } from "@sms/domain/routes";
import { i18next } from "./i18n";

/** `<title>` for a route id `<locale>:<key>`: "<page> | SMS Portal" in the page's language. */
export function pageTitle(routeId: string, pathname: string): string {
  const { locale } = splitLocale(pathname);
  const key = routeId.slice(routeId.indexOf(":") + 1);
  const t = i18next.getFixedT(locale, "common");
  const page = routeByKey(key) ? t(`pages.${key}`) : "";
  return page ? `${page} | ${t("app.name")}` : t("app.name");
}
