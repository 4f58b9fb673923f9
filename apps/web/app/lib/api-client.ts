import {
  type AnyEndpoint,
  buildPath,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from "@sms/domain/endpoints/define";
import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { type Locale, localizePath, splitLocale } from "@sms/domain/routes";
import { i18next } from "./i18n";
import {
  loginPath,
  type SignOutReason,
  type StoredTokens,
  session,
  signedOut,
  signOutNotice,
  type TokenKind,
} from "./session";

/**
 * The fetch wrapper for /api/v1 (spec §7, §8; DESIGN §6). Every call carries Accept-Language and,
 * when one is stored, the bearer token (token_register on the /register pages). Requests run
 * concurrently; a 401 triggers one shared refresh that all waiting requests retry after, at most
 * MAX_REFRESH_ATTEMPTS times in a row (a successful authorised answer resets the count). When the
 * session cannot be refreshed it is cleared, the cached data of the account is dropped (signedOut)
 * and the browser goes to /login, which returns to the current page after signing in (or /register).
 */
export const API_BASE = "/api/v1";
export const MAX_REFRESH_ATTEMPTS = 3;

/** Codes the client itself produces; server codes (ACCOUNT_ERROR_CODES, …) pass through as they are. */
export const CLIENT_ERROR_CODES = {
  network: "NETWORK",
  unknown: "UNKNOWN",
  signedOut: "SIGNED_OUT",
} as const;

export interface ApiErrorDetail {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];
  /** Seconds from Retry-After (rate limits). */
  readonly retryAfter: number | undefined;
  /** True when the client has signed the user out; the page is already on its way to /login. */
  readonly signedOut: boolean;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { details?: ApiErrorDetail[]; retryAfter?: number | undefined; signedOut?: boolean } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = extra.details ?? [];
    this.retryAfter = extra.retryAfter;
    this.signedOut = extra.signedOut ?? false;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** An input the endpoint has is required unless every field of it is optional; one it lacks is refused. */
type Input<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** A multipart endpoint (uploads) takes the browser's FormData; every other body is JSON. */
type BodyOf<E extends AnyEndpoint> = E extends { consumes: readonly "multipart/form-data"[] }
  ? FormData
  : EndpointBody<E>;

export type CallOptions<E extends AnyEndpoint> = Input<"params", EndpointParams<E>> &
  Input<"query", EndpointQuery<E>> &
  Input<"body", BodyOf<E>> & { signal?: AbortSignal };

type CallArgs<E extends AnyEndpoint> =
  Record<string, never> extends Omit<CallOptions<E>, "signal">
    ? [options?: CallOptions<E>]
    : [options: CallOptions<E>];

export interface ApiClientDeps {
  fetch?: typeof fetch;
  /** The current path, for the locale and the register area. */
  pathname?: () => string;
  /** The current query string, kept in the page to return to after signing in again. */
  search?: () => string;
  /** Where to go after a failed refresh; a full load also drops every cached query of the old user. */
  navigate?: (to: string) => void;
}

export interface ApiClient {
  /**
   * Calls a declared endpoint (packages/domain/src/endpoints, ADR 5): the URL comes from its path
   * with the params encoded, the token is sent unless it is a guest endpoint, and the answer is
   * typed as its success response. There is deliberately no untyped way to call the API.
   */
  call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointResponse<E>>;
  /** Test hook: the consecutive refresh attempts so far. */
  readonly refreshAttempts: number;
}

export function genericErrorMessage(locale?: Locale): string {
  return i18next.t("error.general", { ns: "common", lng: locale ?? i18next.language });
}

function isRegisterArea(path: string): boolean {
  return path === "/register" || path.startsWith("/register/");
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readError(response: Response, locale: Locale): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy page, an empty body): the generic message below.
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown } } | null)?.error;
  const code = typeof error?.code === "string" ? error.code : CLIENT_ERROR_CODES.unknown;
  const message =
    typeof error?.message === "string" && error.message ? error.message : genericErrorMessage(locale);
  const details = Array.isArray(error?.details) ? (error.details as ApiErrorDetail[]) : [];
  return new ApiError(response.status, code, message, {
    details,
    retryAfter: parseRetryAfter(response.headers.get("retry-after")),
  });
}

export function createApiClient(deps: ApiClientDeps = {}): ApiClient {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const pathname = deps.pathname ?? (() => (typeof window === "undefined" ? "/" : window.location.pathname));
  const search = deps.search ?? (() => (typeof window === "undefined" ? "" : window.location.search));
  const navigate = deps.navigate ?? ((to: string) => window.location.assign(to));

  const refreshing = new Map<TokenKind, Promise<void>>();
  let attempts = 0;
  /**
   * Set by a sign-out until an authenticated call succeeds again: the 401s of requests that were
   * already on their way then do not sign out a second time (a second redirect would replace the
   * first explanation, "signed in elsewhere", with a vaguer one).
   */
  let signedOutAlready = false;

  const where = () => splitLocale(pathname());
  const tokenKind = (): TokenKind =>
    isRegisterArea(where().path) && session.get("register") ? "register" : "session";

  function signOut(kind: TokenKind, reason: SignOutReason): ApiError {
    const { locale } = where();
    signedOutAlready = true;
    session.clear();
    attempts = 0;
    signOutNotice.set(reason);
    signedOut.announce();
    navigate(
      kind === "register" ? localizePath("/register", locale) : loginPath(locale, `${pathname()}${search()}`),
    );
    return new ApiError(401, CLIENT_ERROR_CODES.signedOut, genericErrorMessage(locale), { signedOut: true });
  }

  async function refresh(kind: TokenKind, tokens: StoredTokens, locale: Locale): Promise<void> {
    let response: Response;
    try {
      response = await doFetch(`${API_BASE}${guestEndpoints.refreshToken.path}`, {
        method: guestEndpoints.refreshToken.method,
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Accept-Language": locale,
        },
        body: JSON.stringify({ refresh_token: tokens.refresh_token } satisfies EndpointBody<
          typeof guestEndpoints.refreshToken
        >),
      });
    } catch {
      throw new ApiError(0, CLIENT_ERROR_CODES.network, genericErrorMessage(locale));
    }
    if (response.ok) {
      const body = (await response.json()) as Partial<EndpointResponse<typeof guestEndpoints.refreshToken>>;
      if (body.data?.token && body.data.refresh_token) {
        session.set({ token: body.data.token, refresh_token: body.data.refresh_token }, kind);
        return;
      }
      throw signOut(kind, "expired");
    }
    // A server fault is not a verdict on the session: keep the user where they are.
    if (response.status >= 500) throw await readError(response, locale);
    const error = await readError(response, locale);
    throw signOut(kind, error.code === "SESSION_REPLACED" ? "replaced" : "expired");
  }

  /** After a 401: join the refresh in flight, or start one if the attempts allow it. */
  async function recover(kind: TokenKind, usedToken: string, locale: Locale): Promise<void> {
    const current = session.get(kind);
    if (!current && signedOutAlready) {
      throw new ApiError(401, CLIENT_ERROR_CODES.signedOut, genericErrorMessage(locale), { signedOut: true });
    }
    if (!current) throw signOut(kind, "expired");
    // Another request already refreshed after this one was sent: just retry with the new token.
    if (current.token !== usedToken) return;
    let flight = refreshing.get(kind);
    if (!flight) {
      if (attempts >= MAX_REFRESH_ATTEMPTS) throw signOut(kind, "expired");
      attempts += 1;
      flight = refresh(kind, current, locale).finally(() => refreshing.delete(kind));
      refreshing.set(kind, flight);
    }
    await flight;
  }

  async function call<E extends AnyEndpoint>(
    endpoint: E,
    ...[options]: CallArgs<E>
  ): Promise<EndpointResponse<E>> {
    const { params, query, body, signal } = (options ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, string | number | boolean | null | undefined>;
      body?: unknown;
      signal?: AbortSignal;
    };
    const { locale } = where();
    const kind = endpoint.auth === "guest" ? null : tokenKind();
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const url = `${API_BASE}${buildPath(endpoint.path, params)}${search.size ? `?${search}` : ""}`;

    for (;;) {
      const tokens = kind ? session.get(kind) : null;
      const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": locale };
      if (tokens) headers.Authorization = `Bearer ${tokens.token}`;
      // FormData sets its own multipart Content-Type with the boundary.
      const multipart = body instanceof FormData;
      if (body !== undefined && !multipart) headers["Content-Type"] = "application/json";
      let response: Response;
      try {
        response = await doFetch(url, {
          method: endpoint.method,
          headers,
          body: body === undefined ? null : multipart ? body : JSON.stringify(body),
          signal: signal ?? null,
        });
      } catch (err) {
        if ((err as { name?: string }).name === "AbortError") throw err;
        throw new ApiError(0, CLIENT_ERROR_CODES.network, genericErrorMessage(locale));
      }

      if (response.status === 401 && kind && tokens) {
        await recover(kind, tokens.token, locale);
        continue;
      }
      if (!response.ok) throw await readError(response, locale);
      if (tokens) {
        attempts = 0;
        signedOutAlready = false;
      }
      // Not parsed again: the server already serialised the body through the same response schema.
      if (response.status === 204) return undefined as EndpointResponse<E>;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as EndpointResponse<E>;
    }
  }

  return {
    call,
    get refreshAttempts() {
      return attempts;
    },
  };
}

/** The app's one client. */
export const api = createApiClient();
