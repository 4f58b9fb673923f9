import { isApiError } from "~/lib/api-client";

/**
 * What to tell staff about a failed call: the server's translated message with its first field
 * detail (the dialogs confirm a summary, not the fields), or the fallback; null once signed out.
 */
export function errorText(error: unknown, fallback: string): string | null {
  if (!isApiError(error)) return fallback;
  if (error.signedOut) return null;
  const detail = error.details[0]?.message;
  return detail && detail !== error.message ? `${error.message} ${detail}` : error.message;
}
