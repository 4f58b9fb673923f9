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
export type SignOutReason = "replaced" | "expired" | "password_changed" | "password_reset";
const REASON_KEY = "signed_out_reason";
const REASONS: readonly SignOutReason[] = ["replaced", "expired", "password_changed", "password_reset"];

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
