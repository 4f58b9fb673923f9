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
 * The calls the typed client cannot make: an upload that reports its progress (fetch has no upload
 * progress) and a download kept as a blob (protected files need the bearer token, so a plain link
 * would be refused). Both carry the same token and Accept-Language as the typed client.
 */

type Attempt<T> = { status: number; value?: T; error?: ApiError };

/** Runs a call with the session's token; after a 401 the typed client refreshes the session (single-flight) or signs the user out, and the call is made once more. */
async function withSession<T>(run: (token: string | null) => Promise<Attempt<T>>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const result = await run(session.get()?.token ?? null);
    if (result.status === 401 && attempt === 0) {
      await api.call(meEndpoints.get);
      continue;
    }
    if (result.error) throw result.error;
    return result.value as T;
  }
}

function networkError(locale: Locale): ApiError {
  return new ApiError(0, CLIENT_ERROR_CODES.network, genericErrorMessage(locale));
}

/** The API's error envelope as an ApiError; a body that is not JSON (a proxy's page) gets the generic message. */
export function errorFromBody(status: number, text: string, locale: Locale): ApiError {
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

/** GETs an /api/v1 path with the session's token; answers the successful response, throws an ApiError otherwise. */
export function fetchAuthorized(path: string, locale: Locale): Promise<Response> {
  return withSession(async (token): Promise<Attempt<Response>> => {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        headers: { "Accept-Language": locale, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    } catch {
      return { status: 0, error: networkError(locale) };
    }
    if (!response.ok) {
      return {
        status: response.status,
        error: errorFromBody(response.status, await response.text(), locale),
      };
    }
    return { status: response.status, value: response };
  });
}

/** GETs an /api/v1 path with the session's token and answers the body as a Blob. */
export async function fetchBlob(path: string, locale: Locale): Promise<Blob> {
  return (await fetchAuthorized(path, locale)).blob();
}

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

/** Downloads a protected file and saves it under the server's file name (Content-Disposition), or the fallback. */
export async function downloadFile(path: string, locale: Locale, fallbackName: string): Promise<void> {
  const response = await fetchAuthorized(path, locale);
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response.headers.get("content-disposition"), fallbackName));
}

/** Text fields sent before the file (a multipart endpoint's other inputs) and extra headers (Idempotency-Key). */
export interface UploadOptions {
  fields?: Readonly<Record<string, string>>;
  headers?: Readonly<Record<string, string>>;
}

/** POSTs a file (form field `file`) to an /api/v1 path with the upload's progress (0…1); answers the response's `data`. */
export function uploadWithProgress<T>(
  path: string,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
  options: UploadOptions = {},
): Promise<T> {
  return withSession(
    (token) =>
      new Promise<Attempt<T>>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open("POST", `${API_BASE}${path}`);
        xhr.setRequestHeader("Accept", "application/json");
        xhr.setRequestHeader("Accept-Language", locale);
        if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
        for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
        };
        xhr.onload = () => {
          if (xhr.status < 200 || xhr.status >= 300) {
            resolve({ status: xhr.status, error: errorFromBody(xhr.status, xhr.responseText, locale) });
            return;
          }
          let data: T | undefined;
          try {
            data = (JSON.parse(xhr.responseText) as { data?: T }).data;
          } catch {
            // Not JSON: answered as an unknown error below.
          }
          if (data === undefined) {
            resolve({
              status: xhr.status,
              error: new ApiError(xhr.status, CLIENT_ERROR_CODES.unknown, genericErrorMessage(locale)),
            });
            return;
          }
          onProgress(1);
          resolve({ status: xhr.status, value: data });
        };
        xhr.onerror = () => resolve({ status: 0, error: networkError(locale) });
        const form = new FormData();
        // Fields first: the server reads the parts in order, and the file's part is streamed.
        for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
        form.append("file", file);
        xhr.send(form);
      }),
  );
}

/** Opens a blob in a new tab (a PDF or an image to look at). */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, "_blank", "noopener");
  // The new tab has loaded the object by then; the URL is not needed afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves a blob under a file name. */
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

/** The page's CSP allows data: images but not blob: ones, so an image is previewed from a data URL. */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
