import { type AnyEndpoint, defineEndpoint } from "@sms/domain/endpoints/define";
import { filesEndpoints } from "@sms/domain/endpoints/files";
import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { beforeEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { type ApiClient, ApiError, createApiClient, MAX_REFRESH_ATTEMPTS } from "./api-client";
import { session, signedOut, signOutNotice } from "./session";

const ZEcho = z.object({ data: z.object({ token: z.string(), url: z.string() }) });

/** A GET endpoint the fake server answers by path: /slow, /missing, /limited, /broken, … */
const at = (path: string, auth: AnyEndpoint["auth"] = "user") =>
  defineEndpoint({ method: "GET", path, auth, tags: [], summary: "test", responses: { 200: ZEcho } });

const search = defineEndpoint({
  method: "GET",
  path: "/c/search",
  auth: "user",
  tags: [],
  summary: "test",
  query: z.object({ type: z.string(), skip: z.string().optional(), page: z.coerce.number().optional() }),
  responses: { 200: ZEcho },
});

const renameItem = defineEndpoint({
  method: "PUT",
  path: "/c/items/{id}/parts/{part}",
  auth: "member",
  tags: [],
  summary: "test",
  params: z.object({ id: z.coerce.number(), part: z.string() }),
  body: z.object({ name: z.string() }),
  responses: { 200: ZEcho },
});

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/**
 * A tiny fake of the API: `valid` is the set of access tokens it accepts; a refresh swaps the
 * presented refresh token for a numbered new pair.
 */
function fakeServer(
  options: { refreshStatus?: number; refreshCode?: string; alwaysUnauthorized?: boolean } = {},
) {
  const calls: Call[] = [];
  const valid = new Set<string>();
  let generation = 0;
  let releaseRefresh: (() => void) | null = null;
  let holdRefresh = false;
  let openSlow: () => void = () => {};
  const slowGate = new Promise<void>((resolve) => (openSlow = resolve));
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body =
      init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method: init?.method ?? "GET", headers, body });
    if (url.endsWith("/c/guest/refresh-token")) {
      if (holdRefresh) await new Promise<void>((resolve) => (releaseRefresh = resolve));
      if (options.refreshStatus && options.refreshStatus !== 200) {
        return json(options.refreshStatus, {
          error: { code: options.refreshCode ?? "UNAUTHORIZED", message: "Your session has expired." },
        });
      }
      generation += 1;
      const pair = { token: `access-${generation}`, refresh_token: `refresh-${generation}` };
      valid.add(pair.token);
      return json(200, { data: pair });
    }
    const token = headers.Authorization?.replace("Bearer ", "");
    if (url.includes("/slow")) await slowGate;
    if (url.includes("/missing"))
      return json(404, { error: { code: "NOT_FOUND", message: "Not found here." } });
    if (url.includes("/limited")) {
      return json(429, { error: { code: "RATE_LIMITED", message: "Slow down." } }, { "retry-after": "42" });
    }
    if (url.includes("/broken")) return new Response("<html>oops</html>", { status: 502 });
    if (url.includes("/guest")) return json(200, { data: { ok: true } });
    if (options.alwaysUnauthorized || !token || !valid.has(token)) {
      return json(401, { error: { code: "UNAUTHORIZED", message: "Unauthorized" } });
    }
    return json(200, { data: { token, url } });
  });
  return {
    fetch,
    calls,
    valid,
    refreshCalls: () => calls.filter((c) => c.url.endsWith("/c/guest/refresh-token")),
    hold() {
      holdRefresh = true;
    },
    release() {
      holdRefresh = false;
      releaseRefresh?.();
    },
    openSlow: () => openSlow(),
  };
}

function setup(path = "/dashboard", serverOptions?: Parameters<typeof fakeServer>[0], query = "") {
  const server = fakeServer(serverOptions);
  const navigate = vi.fn();
  let current = path;
  const client = createApiClient({
    fetch: server.fetch as typeof fetch,
    pathname: () => current,
    search: () => query,
    navigate,
  });
  return {
    server,
    navigate,
    client,
    goTo(next: string) {
      current = next;
    },
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("api client headers", () => {
  it("sends the bearer token and the page's language", async () => {
    session.set({ token: "access-0", refresh_token: "refresh-0" });
    const { client, server } = setup("/en/accounts");
    server.valid.add("access-0");
    await client.call(search, { query: { type: "email", skip: undefined, page: 2 } });
    const [call] = server.calls;
    expect(call?.url).toBe("/api/v1/c/search?type=email&page=2");
    expect(call?.method).toBe("GET");
    expect(call?.headers.Authorization).toBe("Bearer access-0");
    expect(call?.headers["Accept-Language"]).toBe("en");
  });

  it("speaks Thai on the Thai tree and sends JSON bodies", async () => {
    const { client, server } = setup("/login");
    session.set({ token: "access-0", refresh_token: "refresh-0" });
    await client.call(guestEndpoints.login, { body: { username: "a@b.co", password: "x" } });
    const [call] = server.calls;
    expect(call).toMatchObject({ url: "/api/v1/c/guest/login", method: "POST" });
    expect(call?.headers["Accept-Language"]).toBe("th");
    expect(call?.headers.Authorization).toBeUndefined();
    expect(call?.headers["Content-Type"]).toBe("application/json");
    expect(call?.body).toEqual({ username: "a@b.co", password: "x" });
  });

  it("uses token_register on the register pages and the session token elsewhere", async () => {
    session.set({ token: "access-0", refresh_token: "refresh-0" });
    session.set({ token: "register-0", refresh_token: "register-refresh-0" }, "register");
    const { client, server, goTo } = setup("/en/register/mobile-verification");
    server.valid.add("register-0");
    server.valid.add("access-0");
    await client.call(meEndpoints.requestVerify, { query: { type: "phone" } });
    goTo("/dashboard");
    await client.call(meEndpoints.get);
    expect(server.calls.map((c) => c.headers.Authorization)).toEqual([
      "Bearer register-0",
      "Bearer access-0",
    ]);
  });
});

describe("api client token refresh", () => {
  it("refreshes once for concurrent 401s and retries every request with the new token", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, server } = setup();
    server.hold();
    const pending = Promise.all([
      client.call(at("/c/me")),
      client.call(at("/c/me/dashboard")),
      client.call(at("/c/me/credits")),
    ]);
    await vi.waitFor(() => expect(server.refreshCalls()).toHaveLength(1));
    server.release();
    const results = await pending;
    expect(server.refreshCalls()).toHaveLength(1);
    expect(server.refreshCalls()[0]?.body).toEqual({ refresh_token: "refresh-0" });
    expect(results.map((r) => r.data.token)).toEqual(["access-1", "access-1", "access-1"]);
    expect(session.get()).toEqual({ token: "access-1", refresh_token: "refresh-1" });
    expect(client.refreshAttempts).toBe(0);
  });

  it("retries without refreshing again when the token changed while the request was out", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, server } = setup();
    // The slow request leaves with the old token and answers 401 after the refresh is done.
    const slow = client.call(at("/slow"));
    await client.call(at("/c/me"));
    expect(server.refreshCalls()).toHaveLength(1);
    server.openSlow();
    await expect(slow).resolves.toMatchObject({ data: { token: "access-1" } });
    expect(server.refreshCalls()).toHaveLength(1);
  });

  it("gives up after 3 consecutive attempts, clears the session and goes to the login page", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    session.set({ token: "r", refresh_token: "rr" }, "register");
    const { client, server, navigate } = setup("/en/dashboard", { alwaysUnauthorized: true });
    const error = await client.call(meEndpoints.get).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).signedOut).toBe(true);
    expect(server.refreshCalls()).toHaveLength(MAX_REFRESH_ATTEMPTS);
    expect(session.get()).toBeNull();
    expect(session.get("register")).toBeNull();
    expect(navigate).toHaveBeenCalledWith("/en/login");
    expect(signOutNotice.take()).toBe("expired");
  });

  it("resets the attempt counter after a successful answer", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, server } = setup();
    await client.call(at("/c/me"));
    expect(client.refreshAttempts).toBe(0);
    // Three more expiries in a row, each followed by a success, never sign the user out.
    for (let i = 0; i < MAX_REFRESH_ATTEMPTS + 1; i++) {
      server.valid.clear();
      await client.call(at("/c/me"));
    }
    expect(server.refreshCalls()).toHaveLength(MAX_REFRESH_ATTEMPTS + 2);
    expect(session.get()?.token).toBe(`access-${MAX_REFRESH_ATTEMPTS + 2}`);
  });

  it("sends a failed refresh to the login page in the current locale, to come back after signing in", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, navigate } = setup("/accounts", { refreshStatus: 401 });
    await expect(client.call(meEndpoints.get)).rejects.toMatchObject({ status: 401, signedOut: true });
    expect(navigate).toHaveBeenCalledWith("/login?next=%2Faccounts");
    expect(session.get()).toBeNull();
  });

  it("keeps the query of the page to return to, whatever the locale", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, navigate } = setup("/en/accounts", { refreshStatus: 401 }, "?tab=password");
    await expect(client.call(meEndpoints.get)).rejects.toMatchObject({ signedOut: true });
    expect(navigate).toHaveBeenCalledWith("/en/login?next=%2Faccounts%3Ftab%3Dpassword");
  });

  it("tells the app to drop the old account's cached data before leaving", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, navigate } = setup("/dashboard", { refreshStatus: 401 });
    const order: string[] = [];
    navigate.mockImplementation(() => order.push("navigate"));
    const unsubscribe = signedOut.subscribe(() => order.push("signed out"));
    try {
      await expect(client.call(meEndpoints.get)).rejects.toMatchObject({ signedOut: true });
    } finally {
      unsubscribe();
    }
    expect(order).toEqual(["signed out", "navigate"]);
  });

  it("does not announce a sign-out when the refresh hits a server fault", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client } = setup("/dashboard", { refreshStatus: 503 });
    const listener = vi.fn();
    const unsubscribe = signedOut.subscribe(listener);
    await expect(client.call(meEndpoints.get)).rejects.toMatchObject({ status: 503 });
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
  });

  it("sends a failed refresh during registration to the register page", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" }, "register");
    const { client, navigate } = setup("/en/register/email-verification", { refreshStatus: 401 });
    const body = { type: "email", code: "123456", ref_code: "AB12" } as const;
    await expect(client.call(meEndpoints.verify, { body })).rejects.toMatchObject({ signedOut: true });
    expect(navigate).toHaveBeenCalledWith("/en/register");
    expect(session.get("register")).toBeNull();
  });

  it("explains a session replaced by a newer login", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, navigate } = setup("/dashboard", { refreshStatus: 401, refreshCode: "SESSION_REPLACED" });
    await expect(client.call(meEndpoints.get)).rejects.toBeInstanceOf(ApiError);
    // The dashboard is where signing in goes anyway: no "next".
    expect(navigate).toHaveBeenCalledWith("/login");
    expect(signOutNotice.take()).toBe("replaced");
    expect(signOutNotice.take()).toBeNull();
  });

  it("keeps the first explanation when a slower request's 401 arrives after the sign-out", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, navigate, server } = setup("/dashboard", {
      refreshStatus: 401,
      refreshCode: "SESSION_REPLACED",
    });
    // Sent with the old token, answered only after the other request has signed the user out.
    const slow = client.call(at("/c/slow"));
    await expect(client.call(meEndpoints.get)).rejects.toMatchObject({ signedOut: true });
    server.openSlow();
    await expect(slow).rejects.toMatchObject({ signedOut: true });
    expect(server.refreshCalls()).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(signOutNotice.take()).toBe("replaced");
  });

  it("keeps the session when the refresh call hits a server fault", async () => {
    session.set({ token: "stale", refresh_token: "refresh-0" });
    const { client, navigate } = setup("/dashboard", { refreshStatus: 503 });
    await expect(client.call(meEndpoints.get)).rejects.toMatchObject({ status: 503, signedOut: false });
    expect(navigate).not.toHaveBeenCalled();
    expect(session.get()).not.toBeNull();
  });
});

describe("api client errors", () => {
  it("passes other HTTP errors to the caller unchanged", async () => {
    session.set({ token: "access-0", refresh_token: "refresh-0" });
    const { client, server, navigate } = setup();
    server.valid.add("access-0");
    await expect(client.call(at("/missing"))).rejects.toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: "Not found here.",
    });
    await expect(client.call(at("/limited"))).rejects.toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      retryAfter: 42,
    });
    expect(server.refreshCalls()).toHaveLength(0);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("answers the translated generic message when the server gives none", async () => {
    const { client } = setup("/en/dashboard");
    await expect(client.call(at("/broken", "guest"))).rejects.toMatchObject({
      status: 502,
      code: "UNKNOWN",
      message: "Something went wrong. Please try again.",
    });
    const thai = setup("/dashboard");
    const error = (await thai.client.call(at("/broken")).catch((e: unknown) => e)) as ApiError;
    expect(error.message).not.toBe("Something went wrong. Please try again.");
    expect(error.message.length).toBeGreaterThan(0);
  });

  it("reports a network failure with the generic message", async () => {
    const client = createApiClient({
      fetch: vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }) as typeof fetch,
      pathname: () => "/en/login",
      navigate: vi.fn(),
    });
    await expect(client.call(meEndpoints.get)).rejects.toMatchObject({ status: 0, code: "NETWORK" });
  });

  it("does not refresh a guest call's 401", async () => {
    const { client, server } = setup("/login");
    session.set({ token: "access-0", refresh_token: "refresh-0" });
    await expect(client.call(at("/c/me", "guest"))).rejects.toMatchObject({ status: 401 });
    expect(server.calls[0]?.headers.Authorization).toBeUndefined();
    expect(server.refreshCalls()).toHaveLength(0);
  });
});

describe("api client endpoints", () => {
  it("fills the path template with encoded params and sends the declared method", async () => {
    session.set({ token: "access-0", refresh_token: "refresh-0" });
    const { client, server } = setup();
    server.valid.add("access-0");
    await client.call(renameItem, { params: { id: 7, part: "a/b c" }, body: { name: "N" } });
    expect(server.calls[0]).toMatchObject({
      url: "/api/v1/c/items/7/parts/a%2Fb%20c",
      method: "PUT",
      body: { name: "N" },
      headers: { Authorization: "Bearer access-0" },
    });
  });

  it("sends an upload's FormData as it is, with the browser's multipart type", async () => {
    session.set({ token: "access-0", refresh_token: "refresh-0" });
    const { client, server } = setup();
    server.valid.add("access-0");
    const form = new FormData();
    form.append("file", new Blob(["%PDF-1.7"], { type: "application/pdf" }), "a.pdf");
    await client.call(filesEndpoints.upload, { query: { kind: "payment_proof" }, body: form });
    expect(server.calls[0]?.url).toBe("/api/v1/c/files?kind=payment_proof");
    expect(server.calls[0]?.body).toBe(form);
    expect(server.calls[0]?.headers["Content-Type"]).toBeUndefined();
  });

  it("refuses to call with a missing path parameter", async () => {
    const { client, server } = setup();
    const options = { params: { id: 7 }, body: { name: "N" } } as unknown as Parameters<
      typeof client.call<typeof renameItem>
    >[1];
    await expect(client.call(renameItem, options)).rejects.toThrow(/"part"/);
    expect(server.calls).toHaveLength(0);
  });

  it("types inputs and answers from the declaration", () => {
    // Never called: tsc checks that a call cannot drift from its endpoint.
    async function typeChecks(client: ApiClient) {
      expectTypeOf(await client.call(meEndpoints.get)).toEqualTypeOf<
        z.input<(typeof meEndpoints.get.responses)[200]>
      >();
      // @ts-expect-error the answer is typed: first_name is a string
      const wrong: number = (await client.call(meEndpoints.get)).data.first_name;
      // @ts-expect-error a body is required
      await client.call(meEndpoints.update);
      // @ts-expect-error the body must match the declaration
      await client.call(meEndpoints.update, { body: { first_name: 1, last_name: "B" } });
      // @ts-expect-error a GET has no body
      await client.call(meEndpoints.get, { body: {} });
      // @ts-expect-error path params are required
      await client.call(renameItem, { body: { name: "N" } });
      // @ts-expect-error params are named by the path
      await client.call(renameItem, { params: { key: 1, part: "p" }, body: { name: "N" } });
      // @ts-expect-error an upload takes FormData, not JSON
      await client.call(filesEndpoints.upload, { body: { file: "x" } });
      // @ts-expect-error only declared endpoints can be called, never a raw path
      await client.call("/c/me");
      return wrong;
    }
    expect(typeof typeChecks).toBe("function");
  });
});
