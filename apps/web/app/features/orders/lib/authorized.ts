import { meEndpoints } from "@sms/domain/endpoints/me";
import type { Locale } from "@sms/domain/routes";
import {
  API_BASE,
  ApiError,
  type ApiErrorDetail,
  api,
  CLIENT_ERROR_CODES,
  genericErrorMessage,
} from "~/lib/api-client";
import { session } from "~/lib/session";

/**
 * Two calls the typed client cannot make: an upload that reports its progress (fetch has no upload
 * progress) and a download kept as a blob (proofs and receipts need the bearer token, so a plain
 * link would be refused). A 401 lets the client refresh the session once, then the call is retried.
 */
async function withSession<T>(
  run: (token: string | null) => Promise<{ status: number; value?: T; error?: ApiError }>,
) {
  for (let attempt = 0; ; attempt++) {
    const result = await run(session.get()?.token ?? null);
    if (result.status === 401 && attempt === 0) {
      // The typed client refreshes (single-flight) or signs the user out; either way one retry.
      await api.call(meEndpoints.get);
      continue;
    }
    if (result.error) throw result.error;
    return result.value as T;
  }
}

function errorFrom(status: number, text: string, locale: Locale): ApiError {
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown } } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the generic message.
  }
  const error = body?.error;
  return new ApiError(
    status,
    typeof error?.code === "string" ? error.code : CLIENT_ERROR_CODES.unknown,
    typeof error?.message === "string" && error.message ? error.message : genericErrorMessage(locale),
    { details: Array.isArray(error?.details) ? (error.details as ApiErrorDetail[]) : [] },
  );
}

/** POST /c/files with the upload's progress (0…1); answers the stored file's id. */
export function uploadWithProgress(
  kind: string,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<{ id: string }> {
  return withSession((token) => {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", `${API_BASE}/c/files?kind=${encodeURIComponent(kind)}`);
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("Accept-Language", locale);
      if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1);
          resolve({
            status: xhr.status,
            value: (JSON.parse(xhr.responseText) as { data: { id: string } }).data,
          });
        } else resolve({ status: xhr.status, error: errorFrom(xhr.status, xhr.responseText, locale) });
      };
      xhr.onerror = () =>
        resolve({
          status: 0,
          error: new ApiError(0, CLIENT_ERROR_CODES.network, genericErrorMessage(locale)),
        });
      const form = new FormData();
      form.append("file", file);
      xhr.send(form);
    });
  });
}

/** GETs an /api/v1 path with the session's token and answers the body as a Blob. */
export function fetchBlob(path: string, locale: Locale): Promise<Blob> {
  return withSession(async (token) => {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        headers: { "Accept-Language": locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      return { status: 0, error: new ApiError(0, CLIENT_ERROR_CODES.network, genericErrorMessage(locale)) };
    }
    if (!response.ok) {
      return { status: response.status, error: errorFrom(response.status, await response.text(), locale) };
    }
    return { status: response.status, value: await response.blob() };
  });
}

/** Opens a blob in a new tab (an image or PDF to look at). */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, "_blank", "noopener");
  // The new tab has loaded the object by then; the URL is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves a blob under a file name (a receipt). */
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
