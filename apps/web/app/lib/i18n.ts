// Before this module awaits the language's text (below): a page opened without a session leaves at
// once, and a page that stays asks for its own code beside the text. Imported here, not only first
// in root.tsx: the bundler inlines root.tsx's first import into the root chunk, whose body runs
// after the chunks it imports, this one among them (measured: the guard ran after the catalogue).
import "./early-guard";
import { DOMAIN_CATALOGUE_VARIABLES } from "@sms/domain/catalogue";
import { DEFAULT_LOCALE, LOCALES, type Locale, splitLocale } from "@sms/domain/routes";
import i18next, { type FlatNamespace, type Namespace, type ParseKeys, type Resource } from "i18next";
import { use } from "react";
import { initReactI18next } from "react-i18next";
import { config as zodConfig } from "zod";

/**
 * Catalogs live in `locales/<lang>/<namespace>.json`; each feature owns its namespace.
 * th and en must have identical keys (checked by i18n.test.ts).
 *
 * Each language's catalogues are one chunk (lib/catalogues/th.ts, en.ts): the browser loads only
 * the language of the page it opens (half the text, and none of it in the JavaScript the first paint
 * waits for), in one request, and fetches the other one when the visitor switches. The prerender and
 * the tests load both.
 *
 * The domain's texts (the zod contracts' messages, packages/domain/locales, ADR 104) are the
 * `domain` namespace: every area of a language in one chunk, loaded with the language's catalogues.
 */
const catalogs: Record<Locale, () => Promise<Record<string, Record<string, unknown>>>> = {
  th: () => import("./catalogues/th").then((m) => m.default),
  en: () => import("./catalogues/en").then((m) => m.default),
};
const domainCatalogs: Record<Locale, () => Promise<Record<string, unknown>>> = {
  th: () => import("@sms/domain/catalogue-th").then((m) => m.default),
  en: () => import("@sms/domain/catalogue-en").then((m) => m.default),
};

/**
 * The namespaces: the catalogue files of `locales/<lang>/` and the domain's. app/i18next.d.ts types
 * the same files, and i18n.test.ts holds this list to the folder.
 */
export const namespaces: readonly FlatNamespace[] = [
  "account",
  "admin",
  "analytics",
  "api-docs",
  "api-keys",
  "api-logs",
  "api-reports",
  "auth",
  "campaign-reports",
  "campaigns",
  "common",
  "contact-imports",
  "contacts",
  "dashboard",
  "file-campaigns",
  "inbox",
  "marketing",
  "message-reports",
  "messages",
  "orders",
  "organizations",
  "refunds",
  "schedules",
  "senders",
  "settings",
  "suppressions",
  "templates",
  "ui",
  "domain",
];

/** What has been loaded so far, by language and namespace. */
export const resources: Resource = {};
const loaded = new Set<Locale>();
const loading = new Map<Locale, Promise<void>>();

export function loadLanguage(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all([catalogs[locale](), domainCatalogs[locale]()]).then(([app, domain]) => {
      const bundles = { ...app, domain };
      resources[locale] = bundles;
      for (const [ns, catalog] of Object.entries(bundles))
        i18next.addResourceBundle(locale, ns, catalog, true, true);
      loaded.add(locale);
    });
    // A failed fetch (a deploy replaced the chunks, the network dropped) may be retried.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

export function localeFromPathname(pathname: string): Locale {
  return splitLocale(pathname).locale;
}

const inBrowser = typeof window !== "undefined" && import.meta.env.MODE !== "test";
const initialLocale = inBrowser ? localeFromPathname(window.location.pathname) : DEFAULT_LOCALE;

void i18next.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLocale,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...namespaces],
  defaultNS: "common",
  // The limits the domain's texts name ({{smsc_binds_max}}), as on the server.
  interpolation: { escapeValue: false, defaultVariables: DOMAIN_CATALOGUE_VARIABLES },
  initAsync: false,
  returnNull: false,
});

// While this module awaits, the modules that do not import it run, the contracts among them: zod
// must already be jitless then (see root.tsx), or its eval probe is reported against the page CSP.
zodConfig({ jitless: true });
// Nothing renders before this module has finished: the page's language is there on first render.
await Promise.all(inBrowser ? [loadLanguage(initialLocale)] : LOCALES.map(loadLanguage));

/**
 * Called while rendering: switches synchronously when the language is loaded, otherwise suspends
 * the render (navigations are transitions, so the current page stays on screen) until it is.
 */
export function ensureLanguage(locale: Locale): void {
  if (!loaded.has(locale)) use(loadLanguage(locale));
  if (i18next.language !== locale) void i18next.changeLanguage(locale);
}

export { i18next };

/**
 * A key made from data (a route's key, a purpose, a role or an audit target from the API), which the
 * catalogue types cannot follow: named here, so every such place is one search away. Every other `t`
 * call is checked against the English catalogues (app/i18next.d.ts); i18n.test.ts keeps th and en
 * with the same keys.
 */
export const dataKey = <Ns extends Namespace = "common">(key: string) => key as ParseKeys<Ns>;
