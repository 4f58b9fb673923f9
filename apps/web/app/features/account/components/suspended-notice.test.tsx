import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "~/components/layout/app-providers";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import { CurrentUserProvider } from "./current-user";
import {
  SUSPENDED_NOTICE_ID,
  type SuspendedAction,
  SuspendedNotice,
  useSuspension,
} from "./suspended-notice";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const DAY = 24 * 60 * 60 * 1000;

function me(suspension: { until: string; reason: string } | null) {
  return {
    id: 1,
    first_name: "Somchai",
    last_name: "Jaidee",
    email: "somchai@example.com",
    phone_number: "66812345678",
    roles: [1],
    default_organization_id: 5,
    default_organization: {
      id: 5,
      name: "Acme",
      credits: 100,
      credit_expired_on: null,
      credit_trial_redeemed_at: null,
      suspension,
    },
    tnc_log: null,
    tnc_version: null,
    tnc_accepted_at: null,
    phone_number_verified_at: null,
    email_verified_at: null,
  };
}

/** A send or buy button as the forms wire it: disabled, pointing at the notice beside it. */
function Action({ action }: { action: SuspendedAction }) {
  const suspended = useSuspension(action) !== null;
  return (
    <div>
      <button
        type="button"
        disabled={suspended}
        aria-describedby={suspended ? SUSPENDED_NOTICE_ID : undefined}
      >
        Go
      </button>
      <SuspendedNotice action={action} />
    </div>
  );
}

function renderAction(
  action: SuspendedAction,
  suspension: { until: string; reason: string } | null,
  path = "/en/messages/instant",
) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json(200, { data: me(suspension) })),
  );
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <AppProviders>
            <CurrentUserProvider>
              <Action action={action} />
            </CurrentUserProvider>
          </AppProviders>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  session.set({ token: "access", refresh_token: "refresh" });
});
afterEach(() => vi.unstubAllGlobals());

describe("a suspended organization's send and buy buttons", () => {
  it("disables sending with the end and the reason beside the button", async () => {
    renderAction("messages.send", {
      until: new Date(Date.now() + 3 * DAY).toISOString(),
      reason: "Suspected spam",
    });
    const notice = await screen.findByTestId("suspended-notice");
    expect(notice).toHaveTextContent(
      /^This organization is suspended until .+, so messages cannot be sent\./,
    );
    expect(notice).toHaveTextContent("Reason: Suspected spam");
    const button = screen.getByRole("button", { name: "Go" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(notice.textContent ?? "");
  });

  it("says buying is refused, in Thai on a Thai page", async () => {
    await i18next.changeLanguage("th");
    renderAction(
      "credits.buy",
      { until: new Date(Date.now() + DAY).toISOString(), reason: "สงสัยว่าส่งสแปม" },
      "/subscriptions",
    );
    const notice = await screen.findByTestId("suspended-notice");
    expect(notice).toHaveTextContent(/^องค์กรนี้ถูกระงับการใช้งานถึง .+ จึงยังซื้อแพ็กเกจไม่ได้ เหตุผล: สงสัยว่าส่งสแปม$/);
    expect(screen.getByRole("button", { name: "Go" })).toBeDisabled();
  });

  it("leaves the button alone once the suspension has ended, and without one", async () => {
    renderAction("messages.send", {
      until: new Date(Date.now() - 60_000).toISOString(),
      reason: "Over",
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("suspended-notice")).toBeNull();
    expect(screen.getByRole("button", { name: "Go" })).toBeEnabled();
  });

  it("shows nothing for an organization in good standing", async () => {
    renderAction("credits.buy", null);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("suspended-notice")).toBeNull();
    expect(screen.getByRole("button", { name: "Go" })).toBeEnabled();
  });
});
