import { toPublicPackage } from "@sms/domain/contracts/marketing";
import { marketingEndpoints } from "@sms/domain/endpoints/marketing";
import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "~/lib/api-client";
import { i18next } from "~/lib/i18n";
import { FreeTrialCart } from "./free-trial-cart";

vi.mock("~/lib/api-client", async (original) => ({
  ...(await original<typeof import("~/lib/api-client")>()),
  api: { call: vi.fn() },
}));
vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const call = vi.mocked(api.call);

const TRIAL = toPublicPackage({
  id: 9,
  name: "Free trial",
  months: 1,
  credits: 50,
  priceSatang: 0,
  isTrial: true,
});

/** The cart at /carts?free_trial=true in Thai (no prefix) or English (/en). */
function renderTrial(lang: "th" | "en") {
  const prefix = lang === "en" ? "/en" : "";
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: `${prefix}/carts`, element: <FreeTrialCart /> },
      { path: `${prefix}/orders`, element: <p>orders page</p> },
      { path: `${prefix}/verifications`, element: <p>verifications page</p> },
    ],
    { initialEntries: [`${prefix}/carts?free_trial=true`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

let redeemError: Error | null;

beforeEach(() => {
  redeemError = null;
  call.mockImplementation((async (endpoint: unknown) => {
    if (endpoint === marketingEndpoints.listPackages) return { data: { entities: [TRIAL] } };
    if (endpoint === ordersEndpoints.redeemFreeTrial) {
      if (redeemError) throw redeemError;
      return { data: { id: 1 } };
    }
    throw new Error("unexpected call");
  }) as never);
});
afterEach(() => vi.clearAllMocks());

describe("the free-trial cart", () => {
  it("in Thai, links a user whose phone is not verified to the verification page", async () => {
    await i18next.changeLanguage("th");
    redeemError = new ApiError(403, "PHONE_NOT_VERIFIED", "กรุณายืนยันเบอร์โทรศัพท์ก่อน");
    const user = userEvent.setup();
    const router = renderTrial("th");
    await user.click(await screen.findByTestId("redeem-trial"));
    const alert = await screen.findByTestId("verify-phone-required");
    expect(alert).toHaveRole("alert");
    expect(alert).toHaveTextContent("กรุณายืนยันเบอร์โทรศัพท์ของบัญชีก่อน");
    await user.click(within(alert).getByRole("link", { name: "ยืนยันเบอร์โทรศัพท์" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verifications"));
  });

  it("shows any other refusal as the server words it, without the verification link", async () => {
    await i18next.changeLanguage("en");
    redeemError = new ApiError(409, "CONFLICT", "This organization has already redeemed its free trial.");
    const user = userEvent.setup();
    renderTrial("en");
    await user.click(await screen.findByTestId("redeem-trial"));
    expect(
      await screen.findByText("This organization has already redeemed its free trial."),
    ).toBeInTheDocument();
    expect(screen.queryByTestId("verify-phone-required")).not.toBeInTheDocument();
  });

  it("in English, redeems and goes to the orders", async () => {
    await i18next.changeLanguage("en");
    const user = userEvent.setup();
    const router = renderTrial("en");
    await user.click(await screen.findByTestId("redeem-trial"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/orders"));
  });
});
