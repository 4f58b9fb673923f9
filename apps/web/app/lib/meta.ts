import { localizePath, routeByKey, splitLocale } from "@sms/domain/routes";
import type { MetaDescriptor } from "react-router";
import { dataKey, i18next } from "./i18n";

/** `<title>` for a route id `<locale>:<key>`: "<page> | SMS Portal" in the page's language. */
export function pageTitle(routeId: string, pathname: string): string {
  const { locale } = splitLocale(pathname);
  const key = routeId.slice(routeId.indexOf(":") + 1);
  const t = i18next.getFixedT(locale, "common");
  const page = routeByKey(key) ? t(dataKey(`pages.${key}`)) : "";
  return page ? `${page} | ${t("app.name")}` : t("app.name");
}

/** Absolute origin of canonical and hreflang links (the marketing pages read the same variable). */
const SITE_URL = String(import.meta.env.VITE_SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");

/**
 * Description (the page's intro), canonical and hreflang alternates (th, en, x-default → Thai) of a
 * prerendered auth page; its `<title>` comes from the page's heading.
 */
export function authPageMeta(routeKey: string, pathname: string): MetaDescriptor[] {
  const route = routeByKey(routeKey);
  if (!route) throw new Error(`unknown route ${routeKey}`);
  const { locale } = splitLocale(pathname);
  const th = `${SITE_URL}${localizePath(route.path, "th")}`;
  const en = `${SITE_URL}${localizePath(route.path, "en")}`;
  return [
    { name: "description", content: i18next.getFixedT(locale, "auth")(dataKey<"auth">(`${routeKey}.intro`)) },
    { tagName: "link", rel: "canonical", href: locale === "th" ? th : en },
    { tagName: "link", rel: "alternate", hrefLang: "th", href: th },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: en },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: th },
  ];
}
