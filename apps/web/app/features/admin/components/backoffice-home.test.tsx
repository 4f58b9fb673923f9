import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CurrentUserProvider, useCurrentUser } from "~/features/account";
import { api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { BackofficeHome } from "./backoffice-home";
import { BackofficeLink } from "./backoffice-link";
import { BackofficeNav } from "./backoffice-nav";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
const call = vi.mocked(api.call);

const SUMMARY = { waiting_orders: 2, pending_senders: 1, new_contact_submissions: 0, locked_users: 3 };

function answer(roles: number[]) {
  call.mockImplementation((async (endpoint: unknown) => {
    if (endpoint === adminEndpoints.getSummary) return { data: SUMMARY };
    if (endpoint === meEndpoints.get) return { data: { id: 1, roles, default_organization: null } };
    throw new Error("unexpected call");
  }) as never);
}

/** Shows the role once the current user has loaded, so a test knows the menus saw it. */
function RoleShown() {
  const { role } = useCurrentUser();
  return role === null ? null : <p>role {role}</p>;
}

function renderAt(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/en/*", element }], { initialEntries: ["/en/dashboard"] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("back office home and menus", () => {
  beforeEach(async () => {
    call.mockReset();
    await i18next.changeLanguage("en");
  });
  afterEach(() => i18next.changeLanguage("th"));

  it("says on each card what waits, and that nothing does", async () => {
    answer([1000]);
    renderAt(
      <CurrentUserProvider>
        <BackofficeHome />
      </CurrentUserProvider>,
    );
    expect(await screen.findByText("2 orders waiting")).toBeInTheDocument();
    expect(screen.getByText("1 sender name waiting")).toBeInTheDocument();
    expect(screen.getByText("3 accounts locked")).toBeInTheDocument();
    expect(screen.getByTestId("home-count-new_contact_submissions")).toHaveTextContent("Nothing waiting");
    expect(screen.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/en/admin/orders");
  });

  it("puts the counts on the back office menu, none where nothing waits", async () => {
    answer([1000]);
    renderAt(
      <CurrentUserProvider>
        <BackofficeNav />
      </CurrentUserProvider>,
    );
    const nav = await screen.findByRole("navigation");
    expect(await within(nav).findByTestId("nav-count-waiting_orders")).toHaveTextContent("2");
    expect(within(nav).getByRole("link", { name: /1 sender name waiting/ })).toHaveAttribute(
      "href",
      "/en/admin/senders",
    );
    expect(within(nav).queryByTestId("nav-count-new_contact_submissions")).not.toBeInTheDocument();
  });

  it("shows staff the way back to the back office with what waits; customers never see it", async () => {
    answer([1000]);
    renderAt(
      <CurrentUserProvider>
        <BackofficeLink />
      </CurrentUserProvider>,
    );
    const link = await screen.findByTestId("backoffice-link");
    expect(link).toHaveAttribute("href", "/en/admin");
    expect(await within(link).findByText("3")).toBeInTheDocument();
  });

  it("does not show a customer the link nor ask for the counts", async () => {
    answer([1]);
    renderAt(
      <CurrentUserProvider>
        <BackofficeLink />
        <p>ready</p>
      </CurrentUserProvider>,
    );
    await vi.waitFor(() => expect(call).toHaveBeenCalledWith(meEndpoints.get));
    await screen.findByText("ready");
    expect(screen.queryByTestId("backoffice-link")).not.toBeInTheDocument();
    expect(call.mock.calls.some(([endpoint]) => endpoint === adminEndpoints.getSummary)).toBe(false);
  });

  it("does not ask for the counts for a customer on a back-office address (the server's 404)", async () => {
    answer([1]);
    renderAt(
      <CurrentUserProvider>
        <BackofficeNav />
        <BackofficeHome />
        <RoleShown />
      </CurrentUserProvider>,
    );
    // The menu has rendered with the user known to be a customer.
    await screen.findByText("role 1");
    expect(screen.getAllByRole("link", { name: "Orders" })).toHaveLength(2);
    expect(screen.queryByTestId("nav-count-waiting_orders")).not.toBeInTheDocument();
    expect(call.mock.calls.some(([endpoint]) => endpoint === adminEndpoints.getSummary)).toBe(false);
  });
});
