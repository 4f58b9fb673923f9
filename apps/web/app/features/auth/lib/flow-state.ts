import type { TOtpTicket } from "@sms/domain/contracts/accounts";

/** A sent code as the UI tracks it: the reference to show and when "send again" opens. */
export interface SentCode {
  ref_code: string;
  resend_at: number;
  expires_at: number;
}

export function sentCode(ticket: TOtpTicket, now = Date.now()): SentCode {
  return {
    ref_code: ticket.ref_code,
    resend_at: now + ticket.resend_after * 1000,
    expires_at: now + ticket.expires_in * 1000,
  };
}

/**
 * State of a multi-page flow. Per tab (sessionStorage: a reload keeps it, closing the tab forgets
 * it), or per browser (localStorage) for a flow that another tab or a later visit must find.
 */
function store<T extends object>(key: string, where: "sessionStorage" | "localStorage" = "sessionStorage") {
  const storage = () => window[where];
  return {
    get(): T | null {
      if (typeof window === "undefined") return null;
      try {
        const raw = storage().getItem(key);
        return raw ? (JSON.parse(raw) as T) : null;
      } catch {
        return null;
      }
    },
    save(next: T): T {
      storage().setItem(key, JSON.stringify(next));
      return next;
    },
    update(patch: Partial<T>): T | null {
      const current = this.get();
      return current ? this.save({ ...current, ...patch }) : null;
    },
    clear() {
      storage().removeItem(key);
    },
  };
}

export interface RegisterFlow {
  first_name?: string;
  last_name?: string;
  email: string;
  phone_number: string;
  phone?: SentCode;
  email_code?: SentCode;
  phone_verified?: boolean;
}

/**
 * Kept per browser, like the register token (lib/session.ts), so a registration left on the code
 * step can be resumed from another tab or a later visit (review D2). No password is stored.
 */
export const registerFlow = store<RegisterFlow>("register_flow", "localStorage");

export interface ForgotFlow {
  username: string;
  token: string;
  code: SentCode;
  reset_token?: string;
}

export const forgotFlow = store<ForgotFlow>("forgot_flow");

/**
 * The password typed on the first register step, kept in memory only (never in storage) so the
 * last step can sign the new user in. After a reload it is gone and the user signs in by hand.
 */
let pendingLogin: { username: string; password: string } | null = null;
export const registerCredentials = {
  set: (value: { username: string; password: string }) => {
    pendingLogin = value;
  },
  peek: () => pendingLogin,
  take: () => {
    const value = pendingLogin;
    pendingLogin = null;
    return value;
  },
  has: () => pendingLogin !== null,
};

/**
 * Set by the last register step, read by /register/completed: the page is for someone who has
 * just finished, and sends anyone else to /register (review D55). Per tab, like a redirect.
 */
const COMPLETED_KEY = "register_completed";
export const registrationCompleted = {
  mark() {
    try {
      window.sessionStorage.setItem(COMPLETED_KEY, "1");
    } catch {
      // No storage: the completed page then sends to /register, where signing in is offered.
    }
  },
  has(): boolean {
    if (typeof window === "undefined") return false;
    try {
      return window.sessionStorage.getItem(COMPLETED_KEY) === "1";
    } catch {
      return false;
    }
  },
};
