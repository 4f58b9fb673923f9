import { PUBLIC_API_PREFIX } from "../lib/openapi";

export interface TryAnswer {
  status: number;
  /** The JSON answer, or the text when it was not JSON. */
  body: unknown;
  durationMs: number;
}

/** HTTP Basic credentials, UTF-8 safe. */
export function basicAuth(key: string, secret: string): string {
  const bytes = new TextEncoder().encode(`${key}:${secret}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * Calls the public API from the browser as a customer's system would (HTTP Basic with the key and
 * the secret the user typed). The secret lives only in this call: never stored, never cached.
 */
export function tryPublicApi(options: {
  method: "GET" | "POST";
  path: "/sms" | "/credit";
  key: string;
  secret: string;
  body?: Record<string, string>;
  locale: string;
}): Promise<TryAnswer> {
  return callPublicApi({
    method: options.method,
    path: options.path,
    authorization: basicAuth(options.key, options.secret),
    body: options.body,
    locale: options.locale,
  });
}

/**
 * The test console's call (issue 27 point 3): POST /api/v2/sms with HTTP Basic, or the OTP API
 * with the key and secret in its body, as the customer's system sends them. The secret is only in
 * this call's arguments.
 */
export function consolePublicApi(options: {
  path: "/sms" | "/otp/request" | "/otp/verify";
  key: string;
  secret: string;
  body: Record<string, string>;
  locale: string;
}): Promise<TryAnswer> {
  const sms = options.path === "/sms";
  return callPublicApi({
    method: "POST",
    path: options.path,
    authorization: sms ? basicAuth(options.key, options.secret) : undefined,
    body: sms ? options.body : { key: options.key, secret: options.secret, ...options.body },
    locale: options.locale,
  });
}

async function callPublicApi(options: {
  method: "GET" | "POST";
  path: string;
  authorization: string | undefined;
  body: Record<string, string> | undefined;
  locale: string;
}): Promise<TryAnswer> {
  const started = performance.now();
  const response = await fetch(`${PUBLIC_API_PREFIX}${options.path}`, {
    method: options.method,
    headers: {
      ...(options.authorization ? { Authorization: options.authorization } : {}),
      Accept: "application/json",
      "Accept-Language": options.locale,
      ...(options.body ? { "Content-Type": "application/json" } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    credentials: "omit",
    cache: "no-store",
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): shown as it came.
  }
  return { status: response.status, body, durationMs: Math.round(performance.now() - started) };
}
