import { type Locale, localizePath, matchRoute, splitLocale } from "@sms/domain/routes";

/**
 * The browser's session (spec §3 Session): tokens live in localStorage so a reload keeps the user
 * signed in; the register flow has its own pair (token_register).
 */
export interface StoredTokens {
  token: string;
  refresh_token: string;
}

const KEYS = { session: "session", register: "token_register" } as const;
export type TokenKind = keyof typeof KEYS;
type Kind = TokenKind;

/** Why the user was sent to /login, shown there once (sessionStorage survives the redirect only). */
export type SignOutReason =
  | "replaced"
  | "expired"
  | "password_changed"
  | "password_reset"
  | "logged_out"
  | "terms_declined";
const REASON_KEY = "signed_out_reason";
const REASONS: readonly SignOutReason[] = [
  "replaced",
  "expired",
  "password_changed",
  "password_reset",
  "logged_out",
  "terms_declined",
];

function read(kind: Kind): StoredTokens | null {
  if (typeof window === "undefined") return null;
  try {
    const raw = window.localStorage.getItem(KEYS[kind]);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredTokens>) : null;
    return parsed?.token && parsed.refresh_token
      ? { token: parsed.token, refresh_token: parsed.refresh_token }
      : null;
  } catch {
    return null;
  }
}

export const session = {
  get: (kind: Kind = "session") => read(kind),
  set: (tokens: StoredTokens, kind: Kind = "session") =>
    window.localStorage.setItem(KEYS[kind], JSON.stringify(tokens)),
  clear: (kind?: Kind) => {
    for (const k of kind ? [kind] : (Object.keys(KEYS) as Kind[])) window.localStorage.removeItem(KEYS[k]);
  },
  hasToken: () => read("session") !== null,
};

export const signOutNotice = {
  set(reason: SignOutReason) {
    try {
      window.sessionStorage.setItem(REASON_KEY, reason);
    } catch {
      // Private mode without storage: the redirect still happens, only the explanation is lost.
    }
  },
  peek(): SignOutReason | null {
    if (typeof window === "undefined") return null;
    try {
      const value = window.sessionStorage.getItem(REASON_KEY);
      return REASONS.find((r) => r === value) ?? null;
    } catch {
      return null;
    }
  },
  clear() {
    try {
      window.sessionStorage.removeItem(REASON_KEY);
    } catch {
      // Nothing stored.
    }
  },
  /** Reads and forgets the reason, so a later visit to /login shows nothing. */
  take(): SignOutReason | null {
    const reason = signOutNotice.peek();
    signOutNotice.clear();
    return reason;
  },
};

/**
 * Tells whoever holds the signed-in user's cached data (the query client in AppProviders) that the
 * session is gone, so nothing of the old account stays on screen while the browser leaves.
 */
const signedOutListeners = new Set<() => void>();
export const signedOut = {
  subscribe(listener: () => void): () => void {
    signedOutListeners.add(listener);
    return () => signedOutListeners.delete(listener);
  },
  announce() {
    for (const listener of [...signedOutListeners]) listener();
  },
};

/** The query parameter of /login that names the page to return to after signing in. */
export const NEXT_PARAM = "next";

/**
 * The page to return to after signing in, as a Thai-tree path with its query (`/contacts?page=2`),
 * or null unless it is a same-origin path of the signed-in area. Whatever the locale of the path
 * given, the caller localizes the answer to the locale being used.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  // Only a plain absolute path: "//host", "/\\host" and "https:" would leave the site.
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(raw, "http://app.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://app.invalid") return null;
  const match = matchRoute(url.pathname);
  if (!match || (match.route.layout !== "admin" && match.route.layout !== "backoffice")) return null;
  return `${splitLocale(url.pathname).path}${url.search}`;
}

/** /login in `locale`, remembering `next` (a path of the signed-in area) when there is one. */
export function loginPath(locale: Locale, next?: string | null): string {
  const login = localizePath("/login", locale);
  const safe = safeNextPath(next);
  return safe && safe !== "/dashboard" ? `${login}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : login;
}

/**
 * Spec §2 route guard: where a visitor without a stored session is sent when `url` (a path with
 * its query) is a page of the signed-in area or the back office; null when the page may open.
 */
export function signInRedirect(url: string): string | null {
  if (session.hasToken()) return null;
  const { pathname } = new URL(url, "http://app.invalid");
  const match = matchRoute(pathname);
  if (!match || (match.route.layout !== "admin" && match.route.layout !== "backoffice")) return null;
  return loginPath(splitLocale(pathname).locale, url);
}

/**
 * Where a successful sign-in goes: the remembered page in `locale`, or the home of the account: the
 * back office for staff (issue 24 D8), the dashboard for everyone else.
 */
export function afterLoginPath(locale: Locale, next: string | null, staff = false): string {
  const safe = safeNextPath(next);
  if (!safe) return localizePath(staff ? "/admin" : "/dashboard", locale);
  const url = new URL(safe, "http://app.invalid");
  return `${localizePath(url.pathname, locale)}${url.search}`;
}
