/**
 * The browser's session (spec §3 Session): tokens live in localStorage so a reload keeps the user
 * signed in; the register flow has its own pair (token_register).
 */
export interface StoredTokens {
  token: string;
  refresh_token: string;
}

const KEYS = { session: "session", register: "token_register" } as const;
type Kind = keyof typeof KEYS;

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
