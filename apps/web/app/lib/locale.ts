import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  type Locale,
  localizePath,
  splitLocale,
  switchLocalePath,
} from "@sms/domain/routes";
import { useCallback } from "react";
import { useLocation } from "react-router";

export function useLocale(): Locale {
  return splitLocale(useLocation().pathname).locale;
}

/** Maps a Thai-tree path to the current locale's tree: `lp("/login")` → `/en/login` in English. */
export function useLocalizedPath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(path, locale), [locale]);
}

export function rememberLocale(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is what the server reads on "/".
  document.cookie = `${LOCALE_COOKIE}=${locale}; max-age=${maxAge}; path=/; samesite=lax`;
}

export function otherLocaleHref(pathname: string, search: string, hash: string, target: Locale): string {
  return `${switchLocalePath(pathname, target)}${search}${hash}`;
}
