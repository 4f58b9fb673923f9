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

/** Per-tab state of a multi-page flow; a reload keeps it, closing the tab forgets it. */
function store<T extends object>(key: string) {
  return {
    get(): T | null {
      if (typeof window === "undefined") return null;
      try {
        const raw = window.sessionStorage.getItem(key);
        return raw ? (JSON.parse(raw) as T) : null;
      } catch {
        return null;
      }
    },
    save(next: T): T {
      window.sessionStorage.setItem(key, JSON.stringify(next));
      return next;
    },
    update(patch: Partial<T>): T | null {
      const current = this.get();
      return current ? this.save({ ...current, ...patch }) : null;
    },
    clear() {
      window.sessionStorage.removeItem(key);
    },
  };
}

export interface RegisterFlow {
  email: string;
  phone_number: string;
  phone?: SentCode;
  email_code?: SentCode;
  phone_verified?: boolean;
}

export const registerFlow = store<RegisterFlow>("register_flow");

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
  take: () => {
    const value = pendingLogin;
    pendingLogin = null;
    return value;
  },
  has: () => pendingLogin !== null,
};
