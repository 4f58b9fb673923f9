import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "~/components/layout/app-providers";
import { CurrentUserProvider } from "~/features/account";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import { showsFreeTrialBanner } from "../lib/free-trial";
import { FreeTrialBanner } from "./free-trial-banner";
import { SuspensionBanner } from "./suspension-banner";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Org = {
  credits: number;
  credit_expired_on: string | null;
  credit_trial_redeemed_at: string | null;
  suspension: { until: string; reason: string } | null;
};
const org = (over: Partial<Org> = {}) => ({
  id: 5,
  name: "Acme",
  credits: 0,
  credit_expired_on: null,
  credit_trial_redeemed_at: null,
  suspension: null,
  ...over,
});

function me(organization: ReturnType<typeof org> | null) {
  return {
    id: 1,
    first_name: "Somchai",
    last_name: "Jaidee",
    email: "somchai@example.com",
    phone_number: "66812345678",
    roles: [1],
    default_organization_id: organization?.id ?? null,
    default_organization: organization,
    tnc_log: null,
    tnc_version: null,
    tnc_accepted_at: null,
    phone_number_verified_at: null,
    email_verified_at: null,
  };
}

function renderBanner(organization: ReturnType<typeof org> | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json(200, { data: me(organization) })),
  );
  const router = createMemoryRouter(
    [
      {
        path: "/en/dashboard",
        element: (
          <AppProviders>
            <CurrentUserProvider>
              <SuspensionBanner />
              <FreeTrialBanner />
              <p>page</p>
            </CurrentUserProvider>
          </AppProviders>
        ),
      },
      { path: "/en/carts", element: <p>cart page</p> },
    ],
    { initialEntries: ["/en/dashboard"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  localStorage.clear();
  session.set({ token: "access", refresh_token: "refresh" });
});
afterEach(() => vi.unstubAllGlobals());

describe("the free-trial rule (spec §4)", () => {
  const future = "2027-01-01T00:00:00.000Z";
  it.each([
    ["a new organization", org(), true],
    ["credits without an expiry", org({ credits: 100 }), true],
    ["an expiry without credits", org({ credit_expired_on: future }), true],
    ["an active credit holder (credits and expiry)", org({ credits: 100, credit_expired_on: future }), false],
    ["a redeemed trial", org({ credit_trial_redeemed_at: "2026-01-01T00:00:00.000Z" }), false],
  ])("%s → shown: %s", (_, organization, shown) => {
    expect(showsFreeTrialBanner(organization)).toBe(shown);
  });

  it("is hidden without an organization", () => {
    expect(showsFreeTrialBanner(null)).toBe(false);
    expect(showsFreeTrialBanner(undefined)).toBe(false);
  });
});

describe("the free-trial banner", () => {
  it("shows for an organization that may still try, links to the free-trial cart and closes", async () => {
    const router = renderBanner(org());
    const banner = await screen.findByTestId("free-trial-banner");
    const link = screen.getByRole("link", { name: "Get the free trial" });
    expect(link).toHaveAttribute("href", "/en/carts?free_trial=true");
    await userEvent.click(screen.getByRole("button", { name: "Close the free-trial bar" }));
    expect(banner).not.toBeInTheDocument();
    expect(screen.getByText("page")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/en/dashboard");
  });

  it("goes to the cart with free_trial=true", async () => {
    const router = renderBanner(org());
    await userEvent.click(await screen.findByRole("link", { name: "Get the free trial" }));
    expect(await screen.findByText("cart page")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?free_trial=true");
  });

  it("stays hidden for an active credit holder and after the trial", async () => {
    renderBanner(org({ credits: 1500, credit_expired_on: "2027-01-01T00:00:00.000Z" }));
    expect(await screen.findByText("page")).toBeInTheDocument();
    // The user has loaded once the fetch answered; the banner still does not appear.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("free-trial-banner")).toBeNull();
  });
});

describe("the suspension banner", () => {
  it("says until when and why the organization is suspended, and cannot be closed", async () => {
    renderBanner(
      org({ credits: 10, suspension: { until: "2026-12-01T05:00:00.000Z", reason: "Suspected spam" } }),
    );
    const banner = await screen.findByTestId("suspension-banner");
    expect(banner).toHaveTextContent(
      "This organization is suspended until 01 Dec 2026 12:00. Reason: Suspected spam.",
    );
    expect(banner).toHaveAttribute("role", "alert");
    expect(within(banner).queryByRole("button")).toBeNull();
  });

  it("stays in view while the page scrolls, the shell's sticky bars starting below it", async () => {
    renderBanner(org({ suspension: { until: "2026-12-01T05:00:00.000Z", reason: "Suspected spam" } }));
    const banner = await screen.findByTestId("suspension-banner");
    expect(banner.className).toContain("sticky");
    expect(banner.className).toContain("top-0");
    // jsdom lays nothing out: the height is 0 px, but the variable the shell reads is set.
    expect(document.documentElement.style.getPropertyValue("--app-banner-height")).toBe("0px");
  });

  it("is absent for an organization in good standing", async () => {
    renderBanner(org({ credits: 1500, credit_expired_on: "2027-01-01T00:00:00.000Z" }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("suspension-banner")).toBeNull();
  });
});
