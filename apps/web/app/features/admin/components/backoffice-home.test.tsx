import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { CurrentUserProvider, useCurrentUser } from "~/features/account";
import { me } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { BackofficeHome } from "./backoffice-home";
import { BackofficeLink } from "./backoffice-link";
import { BackofficeNav } from "./backoffice-nav";

const SUMMARY = { waiting_orders: 2, pending_senders: 1, new_contact_submissions: 0, locked_users: 3 };

function answer(roles: number[]) {
  return {
    user: mockEndpoint(meEndpoints.get, { data: me({ id: 1, roles }) }),
    summary: mockEndpoint(adminEndpoints.getSummary, { data: SUMMARY }),
  };
}

/** Shows the role once the current user has loaded, so a test knows the menus saw it. */
function RoleShown() {
  const { role } = useCurrentUser();
  return role === null ? null : <p>role {role}</p>;
}

const renderAt = (element: ReactNode) =>
  renderApp(<CurrentUserProvider>{element}</CurrentUserProvider>, {
    path: "/en/dashboard",
    pattern: "/en/*",
  });

describe("back office home and menus", () => {
  it("says on each card what waits, and that nothing does", async () => {
    answer([1000]);
    await renderAt(<BackofficeHome />);
    expect(await screen.findByText("2 orders waiting")).toBeInTheDocument();
    expect(screen.getByText("1 sender name waiting")).toBeInTheDocument();
    expect(screen.getByText("3 accounts locked")).toBeInTheDocument();
    expect(screen.getByTestId("home-count-new_contact_submissions")).toHaveTextContent("Nothing waiting");
    expect(screen.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/en/admin/orders");
  });

  it("puts the counts on the back office menu, none where nothing waits", async () => {
    answer([1000]);
    await renderAt(<BackofficeNav />);
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
    await renderAt(<BackofficeLink />);
    const link = await screen.findByTestId("backoffice-link");
    expect(link).toHaveAttribute("href", "/en/admin");
    expect(await within(link).findByText("3")).toBeInTheDocument();
  });

  it("does not show a customer the link nor ask for the counts", async () => {
    const { user, summary } = answer([1]);
    await renderAt(
      <>
        <BackofficeLink />
        <p>ready</p>
      </>,
    );
    await vi.waitFor(() => expect(user.calls).toHaveLength(1));
    await screen.findByText("ready");
    expect(screen.queryByTestId("backoffice-link")).not.toBeInTheDocument();
    expect(summary.calls).toHaveLength(0);
  });

  it("does not ask for the counts for a customer on a back-office address (the server's 404)", async () => {
    const { summary } = answer([1]);
    await renderAt(
      <>
        <BackofficeNav />
        <BackofficeHome />
        <RoleShown />
      </>,
    );
    // The menu has rendered with the user known to be a customer.
    await screen.findByText("role 1");
    expect(screen.getAllByRole("link", { name: "Orders" })).toHaveLength(2);
    expect(screen.queryByTestId("nav-count-waiting_orders")).not.toBeInTheDocument();
    expect(summary.calls).toHaveLength(0);
  });
});
