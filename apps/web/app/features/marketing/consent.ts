/**
 * PDPA cookie consent: only necessary cookies until the visitor opts in. The choice itself is a
 * necessary cookie, kept for a year, readable by the server and by any future analytics loader.
 */
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_MAX_AGE_DAYS = 365;
export const CONSENT_EVENT = "consentchange";

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export function readConsent(cookieHeader: string): (ConsentChoice & { at: string }) | null {
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== CONSENT_COOKIE) continue;
    try {
      const value = JSON.parse(decodeURIComponent(rest.join("="))) as Partial<ConsentChoice & { at: string }>;
      return {
        analytics: value.analytics === true,
        marketing: value.marketing === true,
        at: String(value.at ?? ""),
      };
    } catch {
      return null;
    }
  }
  return null;
}

export function consentCookie(choice: ConsentChoice, now: Date): string {
  const value = encodeURIComponent(JSON.stringify({ ...choice, at: now.toISOString() }));
  return `${CONSENT_COOKIE}=${value}; max-age=${CONSENT_MAX_AGE_DAYS * 86_400}; path=/; samesite=lax`;
}

/** Inline, before first paint: hide the banner for visitors who already chose, so it never flashes. */
export const HIDE_BANNER_IF_CHOSEN = `(function(){try{if(/(?:^|;\\s*)${CONSENT_COOKIE}=/.test(document.cookie))document.getElementById("cookie-consent").hidden=true}catch(e){}})()`;
