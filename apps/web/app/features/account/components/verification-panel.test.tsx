import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import { CurrentUserProvider } from "./current-user";
import { VerificationPanel } from "./verification-panel";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const AT = "2025-01-02T03:04:05.000Z";
function me(verified: { phone: boolean; email: boolean }) {
  return {
    id: 1,
    first_name: "Somchai",
    last_name: "Jaidee",
    email: "somchai@example.com",
    phone_number: "66812345678",
    phone_number_verified_at: verified.phone ? AT : null,
    email_verified_at: verified.email ? AT : null,
    roles: [1],
    default_organization_id: 5,
    default_organization: { credits: 0 },
  };
}

async function renderPanel(verified: { phone: boolean; email: boolean }) {
  await i18next.changeLanguage("en");
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json(200, { data: me(verified) })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <QueryClientProvider client={client}>
            <CurrentUserProvider>
              <VerificationPanel />
            </CurrentUserProvider>
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: ["/en/accounts"] },
  );
  render(<RouterProvider router={router} />);
  return screen.findByTestId("verification-panel");
}

beforeEach(() => {
  localStorage.clear();
  session.set({ token: "access", refresh_token: "refresh" });
});
afterEach(() => vi.unstubAllGlobals());

describe("VerificationPanel", () => {
  it("says both are verified and asks for nothing more", async () => {
    const panel = await renderPanel({ phone: true, email: true });
    expect(within(panel).getByTestId("verification-done")).toHaveTextContent(
      "Your phone number and e-mail are verified.",
    );
    expect(panel).not.toHaveTextContent("must be verified");
    expect(within(panel).queryByRole("button")).toBeNull();
    expect(within(panel).getAllByText(/Verified/)).toHaveLength(2);
  });

  it("asks for what is left while one is unverified", async () => {
    const panel = await renderPanel({ phone: true, email: false });
    expect(panel).toHaveTextContent("Both your phone number and e-mail must be verified");
    expect(within(panel).queryByTestId("verification-done")).toBeNull();
    expect(
      within(within(panel).getByTestId("verification-email")).getByRole("button", { name: "Verify now" }),
    ).toBeInTheDocument();
    expect(within(within(panel).getByTestId("verification-phone")).queryByRole("button")).toBeNull();
  });
});
