import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import LoginPage, { clientLoader } from "./login";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function signInAt(url: string) {
  await i18next.changeLanguage("en");
  window.history.replaceState(null, "", url);
  const client = new QueryClient();
  const router = createMemoryRouter(
    [
      {
        path: "/en/login",
        element: (
          <QueryClientProvider client={client}>
            <LoginPage />
          </QueryClientProvider>
        ),
      },
      { path: "*", element: <p>landed</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  await userEvent.type(await screen.findByLabelText(/^E-mail or phone number/), "somchai@example.com");
  await userEvent.type(screen.getByLabelText(/^Password/), "secret123");
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
  await screen.findByText("landed");
  return router.state.location;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json(200, { data: { token: "access", refresh_token: "refresh" } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("after signing in", () => {
  it("returns to the page that was asked for, in the page's language", async () => {
    const location = await signInAt("/en/login?next=%2Faccounts%3Ftab%3Dpassword");
    expect(`${location.pathname}${location.search}`).toBe("/en/accounts?tab=password");
    expect(session.get()?.token).toBe("access");
  });

  it("goes to the dashboard without a page, or when the page is not the app's", async () => {
    expect((await signInAt("/en/login")).pathname).toBe("/en/dashboard");
  });

  it("never leaves the site", async () => {
    expect((await signInAt("/en/login?next=%2F%2Fevil.example%2Faccounts")).pathname).toBe("/en/dashboard");
  });

  it("sends someone already signed in straight on to the page", async () => {
    session.set({ token: "access", refresh_token: "refresh" });
    const request = new Request("http://localhost/login?next=%2Fcontacts");
    const response = await clientLoader({ request, params: {} } as never).catch((r: unknown) => r);
    expect((response as Response).headers.get("Location")).toBe("/contacts");
  });
});
