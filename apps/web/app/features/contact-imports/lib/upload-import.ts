import type { TContactImport } from "@sms/domain/contracts/contact-imports";
import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { buildPath } from "@sms/domain/endpoints/define";
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

function errorFrom(status: number, text: string, locale: Locale): ApiError {
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown } } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's page): the generic message.
  }
  const error = body?.error;
  return new ApiError(
    status,
    typeof error?.code === "string" ? error.code : CLIENT_ERROR_CODES.unknown,
    typeof error?.message === "string" && error.message ? error.message : genericErrorMessage(locale),
    { details: Array.isArray(error?.details) ? (error.details as ApiErrorDetail[]) : [] },
  );
}

function send(
  url: string,
  file: File,
  token: string | null,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<{ status: number; value?: TContactImport; error?: ApiError }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
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
          value: (JSON.parse(xhr.responseText) as { data: TContactImport }).data,
        });
      } else resolve({ status: xhr.status, error: errorFrom(xhr.status, xhr.responseText, locale) });
    };
    xhr.onerror = () =>
      resolve({ status: 0, error: new ApiError(0, CLIENT_ERROR_CODES.network, genericErrorMessage(locale)) });
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

/**
 * POST /c/contact-groups/{id}/contacts/import with the upload's progress (0…1): fetch cannot
 * report upload progress, so this is the one call made with XMLHttpRequest, carrying the same
 * bearer token and Accept-Language as the typed client. After a 401 the typed client refreshes the
 * session (or signs out) and the upload is sent once more.
 */
export async function uploadImport(
  groupId: number,
  file: File,
  locale: Locale,
  onProgress: (fraction: number) => void,
): Promise<TContactImport> {
  const url = `${API_BASE}${buildPath(contactImportsEndpoints.upload.path, { id: groupId })}`;
  for (let attempt = 0; ; attempt++) {
    const result = await send(url, file, session.get()?.token ?? null, locale, onProgress);
    if (result.status === 401 && attempt === 0) {
      await api.call(meEndpoints.get);
      continue;
    }
    if (result.error) throw result.error;
    if (!result.value)
      throw new ApiError(result.status, CLIENT_ERROR_CODES.unknown, genericErrorMessage(locale));
    return result.value;
  }
}

/** The template's URL (a public download, so a plain link works). */
export function templateUrl(format: "csv" | "xlsx"): string {
  return `${API_BASE}${contactImportsEndpoints.template.path}?format=${format}`;
}
