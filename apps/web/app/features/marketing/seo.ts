import { type Locale, localizePath, routeByKey, splitLocale } from "@sms/domain/routes";
import type { MetaDescriptor } from "react-router";
import { dataKey, i18next } from "~/lib/i18n";
import { SITE } from "./site";

const OG_LOCALE: Record<Locale, string> = { th: "th_TH", en: "en_US" };

export const absoluteUrl = (path: string) => `${SITE.url}${path === "/" ? "/" : path}`;

/**
 * Title, description, canonical, hreflang alternates (th, en, x-default → Thai) and Open Graph
 * for a marketing page, in the language of the URL being rendered.
 */
export function marketingMeta(key: string, pathname: string): MetaDescriptor[] {
  const route = routeByKey(key);
  if (!route) throw new Error(`unknown marketing route ${key}`);
  const { locale } = splitLocale(pathname);
  const t = i18next.getFixedT(locale, "marketing");
  const title =
    key === "home" ? t("meta.home.title") : `${t(dataKey<"marketing">(`meta.${key}.title`))} | ${SITE.name}`;
  const description = t(dataKey<"marketing">(`meta.${key}.description`));
  const th = absoluteUrl(localizePath(route.path, "th"));
  const en = absoluteUrl(localizePath(route.path, "en"));
  const canonical = locale === "th" ? th : en;
  const other: Locale = locale === "th" ? "en" : "th";
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { tagName: "link", rel: "alternate", hrefLang: "th", href: th },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: en },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: th },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: OG_LOCALE[locale] },
    { property: "og:locale:alternate", content: OG_LOCALE[other] },
    { property: "og:image", content: absoluteUrl("/og-image.png") },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: t("meta.ogImageAlt") },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
