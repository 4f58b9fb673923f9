import { meEndpoints } from "@sms/domain/endpoints/me";
import type { Locale } from "@sms/domain/routes";
import { API_BASE, ApiError, api, CLIENT_ERROR_CODES, genericErrorMessage } from "~/lib/api-client";
import { session } from "~/lib/session";

/** The name the server gave the file (RFC 6266 `filename*` first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition ? /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] : undefined;
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name: the plain one below.
    }
  }
  return (disposition ? /filename="([^"]+)"/i.exec(disposition)?.[1] : undefined) ?? fallback;
}

async function errorOf(response: Response, locale: Locale): Promise<ApiError> {
  let message = genericErrorMessage(locale);
  let code: string = CLIENT_ERROR_CODES.unknown;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.message === "string" && body.error.message) message = body.error.message;
    if (typeof body.error?.code === "string") code = body.error.code;
  } catch {
    // Not JSON: the generic message.
  }
  return new ApiError(response.status, code, message);
}

/**
 * Downloads a protected file (an export needs the bearer token, so a plain link would be
 * refused) and saves it under the server's file name. A 401 lets the typed client refresh the
 * session once, then the download is retried.
 */
export async function downloadFile(path: string, locale: Locale, fallbackName: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const token = session.get()?.token;
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        headers: { "Accept-Language": locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      throw new ApiError(0, CLIENT_ERROR_CODES.network, genericErrorMessage(locale));
    }
    if (response.status === 401 && attempt === 0) {
      await api.call(meEndpoints.get);
      continue;
    }
    if (!response.ok) throw await errorOf(response, locale);
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = fileNameOf(response.headers.get("content-disposition"), fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return;
  }
}
