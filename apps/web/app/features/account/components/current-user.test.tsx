import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session, signedOut, signOutNotice } from "~/lib/session";
import { CurrentUserProvider, useCurrentUser } from "./current-user";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const ME = {
  id: 1,
  first_name: "Somchai",
  last_name: "Jaidee",
  roles: [1],
  default_organization_id: 5,
  default_organization: { credits: 10 },
};

function Name() {
  const { user } = useCurrentUser();
  return <p>{user ? user.first_name : "…"}</p>;
}

function renderApp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "/en",
        element: (
          <QueryClientProvider client={client}>
            <CurrentUserProvider>
              <Name />
              <Link to="/en/accounts">account</Link>
              <Outlet />
            </CurrentUserProvider>
          </QueryClientProvider>
        ),
        children: [
          { path: "dashboard", element: <p>dashboard</p> },
          { path: "accounts", element: <p>accounts page</p> },
        ],
      },
    ],
    { initialEntries: ["/en/dashboard"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let fetchMock: ReturnType<typeof vi.fn>;
let replaced = false;
const meCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/c/me")).length;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/en/dashboard");
  session.set({ token: "access", refresh_token: "refresh" });
  replaced = false;
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const gone = json(401, { error: { code: "SESSION_REPLACED", message: "replaced" } });
    if (url.endsWith("/c/me")) return replaced ? gone : json(200, { data: ME });
    if (url.endsWith("/refresh-token")) return gone;
    return json(404, { error: { code: "NOT_FOUND", message: "nope" } });
  });
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe("CurrentUserProvider session checks", () => {
  it("checks the session again on every move inside the app, however fresh the cache", async () => {
    const router = renderApp();
    expect(await screen.findByText("Somchai")).toBeInTheDocument();
    expect(meCalls()).toBe(1);
    await act(() => router.navigate("/en/accounts"));
    await waitFor(() => expect(meCalls()).toBe(2));
  });

  it("checks it when the tab comes back into view", async () => {
    renderApp();
    expect(await screen.findByText("Somchai")).toBeInTheDocument();
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await waitFor(() => expect(meCalls()).toBe(2));
  });

  it("signs out with the explanation when the session was replaced elsewhere", async () => {
    const router = renderApp();
    expect(await screen.findByText("Somchai")).toBeInTheDocument();
    const ended = vi.fn();
    const unsubscribe = signedOut.subscribe(ended);
    replaced = true;
    await act(() => router.navigate("/en/accounts"));
    await waitFor(() => expect(ended).toHaveBeenCalledTimes(1));
    unsubscribe();
    expect(signOutNotice.take()).toBe("replaced");
    expect(session.get()).toBeNull();
  });
});
