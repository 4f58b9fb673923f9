import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from "@sms/domain/routes";

const SESSION_KEY = "session";

/** Same rule as lib/session.ts `hasToken()`, without pulling the app's modules into this script. */
export function hasStoredToken(storage: Pick<Storage, "getItem">): boolean {
  try {
    const raw = storage.getItem(SESSION_KEY);
    const parsed = raw ? (JSON.parse(raw) as { token?: unknown; refresh_token?: unknown }) : null;
    return Boolean(parsed?.token && parsed.refresh_token);
  } catch {
    return false;
  }
}

/**
 * Signed-in visitors (a stored token) get the app targets: Login becomes the dashboard (spec §2),
 * package buttons go to the shop. Links carry both targets from the prerendered HTML.
 */
export function initSessionLinks(doc: Document, storage: Pick<Storage, "getItem">): void {
  if (!hasStoredToken(storage)) return;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("a[data-app-href]")) {
    link.href = link.dataset.appHref ?? link.href;
    if (link.dataset.appLabel) link.textContent = link.dataset.appLabel;
  }
}

/** The language links remember the choice for 365 days (spec §2), like the app's switcher. */
export function initLocaleSwitch(doc: Document): void {
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("a[data-locale-switch]")) {
    link.addEventListener("click", () => {
      const locale = link.dataset.localeSwitch === "en" ? "en" : "th";
      const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 86_400;
      doc.cookie = `${LOCALE_COOKIE}=${locale}; max-age=${maxAge}; path=/; samesite=lax`;
    });
  }
}
