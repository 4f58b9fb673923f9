import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "~/components/layout/app-providers";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import { CurrentUserProvider } from "./current-user";
import { UserMenu } from "./user-menu";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const ME = {
  id: 1,
  first_name: "Somchai",
  last_name: "Jaidee",
  email: "somchai@example.com",
  roles: [1],
  default_organization_id: 5,
  default_organization: { credits: 10 },
};

let client: QueryClient | undefined;
function KeepClient() {
  client = useQueryClient();
  return null;
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  localStorage.clear();
  session.set({ token: "access", refresh_token: "refresh" });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith("/c/me") ? json(200, { data: ME }) : new Response(null, { status: 204 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("logging out", () => {
  it("clears every cached query and the tokens, then goes to the login page", async () => {
    const router = createMemoryRouter(
      [
        {
          path: "/en",
          element: (
            <AppProviders>
              <CurrentUserProvider>
                <KeepClient />
                <UserMenu />
                <Outlet />
              </CurrentUserProvider>
            </AppProviders>
          ),
          children: [{ path: "dashboard", element: <p>dashboard</p> }],
        },
        { path: "/en/login", element: <p>login page</p> },
      ],
      { initialEntries: ["/en/dashboard"] },
    );
    render(<RouterProvider router={router} />);
    const menu = await screen.findByRole("button", { name: /Somchai Jaidee/ });
    client?.setQueryData(["contacts"], [{ id: 1 }]);
    expect(client?.getQueryCache().getAll().length).toBe(2);

    await userEvent.click(menu);
    await userEvent.click(await screen.findByRole("menuitem", { name: "Sign out" }));

    expect(await screen.findByText("login page")).toBeInTheDocument();
    await waitFor(() => expect(client?.getQueryCache().getAll()).toHaveLength(0));
    expect(session.get()).toBeNull();
  });
});
