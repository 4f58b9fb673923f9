import { meEndpoints } from "@sms/domain/endpoints/me";
import type { Locale } from "@sms/domain/routes";
import { API_BASE, ApiError, api, CLIENT_ERROR_CODES, genericErrorMessage } from "~/lib/api-client";
import { session } from "~/lib/session";

/**
 * Evidence files need the bearer token, so a plain link would be refused: the file is fetched as a
 * blob, after one session refresh through the typed client when the token has expired.
 */
export async function fetchFile(fileId: string, locale: Locale): Promise<Blob> {
  for (let attempt = 0; ; attempt++) {
    const token = session.get()?.token;
    let response: Response;
    try {
      response = await fetch(`${API_BASE}/c/files/${encodeURIComponent(fileId)}`, {
        headers: { "Accept-Language": locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      throw new ApiError(0, CLIENT_ERROR_CODES.network, genericErrorMessage(locale));
    }
    if (response.status === 401 && attempt === 0) {
      await api.call(meEndpoints.get);
      continue;
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as {
        error?: { code?: string; message?: string };
      } | null;
      throw new ApiError(
        response.status,
        body?.error?.code ?? CLIENT_ERROR_CODES.unknown,
        body?.error?.message || genericErrorMessage(locale),
      );
    }
    return response.blob();
  }
}

/** The page's CSP allows data: images but not blob: ones, so an image is previewed from a data URL. */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** Opens a PDF in a new tab. */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, "_blank", "noopener");
  // The new tab has loaded the object by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves a blob under the uploader's file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
