import { DEFAULT_LOCALE, type Locale, splitLocale } from "@sms/domain/routes";
import i18next, { type Resource } from "i18next";
import { initReactI18next } from "react-i18next";

/**
 * Catalogs live in `locales/<lang>/<namespace>.json`; each feature owns its namespace.
 * th and en must have identical keys (checked by i18n.test.ts).
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json", {
  eager: true,
});

export const resources: Resource = {};
for (const [path, mod] of Object.entries(modules)) {
  const match = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang = "", ns = ""] = match;
  resources[lang] ??= {};
  (resources[lang] as Record<string, unknown>)[ns] = mod.default;
}

export const namespaces = Object.keys(resources[DEFAULT_LOCALE] ?? {});

void i18next.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: ["th", "en"],
  ns: namespaces,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function localeFromPathname(pathname: string): Locale {
  return splitLocale(pathname).locale;
}

/** Resources are bundled, so switching is synchronous and safe during render. */
export function ensureLanguage(locale: Locale): void {
  if (i18next.language !== locale) void i18next.changeLanguage(locale);
}

export { i18next };
