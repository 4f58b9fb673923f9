import { toPublicPackage } from "@sms/domain/contracts/marketing";
import { marketingEndpoints } from "@sms/domain/endpoints/marketing";
import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { order, page } from "../../../../test/factories";
import { apiError, mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { spyOnToasts } from "../../../../test/toasts";
import { FreeTrialCart } from "./free-trial-cart";

spyOnToasts();

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
  return renderApp(<FreeTrialCart />, {
    path: `${prefix}/carts?free_trial=true`,
    pages: {
      [`${prefix}/orders`]: <p>orders page</p>,
      [`${prefix}/verifications`]: <p>verifications page</p>,
    },
  });
}

const TRIAL_REDEEMED = {
  data: { order: order({ is_trial: true }), credits: 50, credit_expired_on: "2026-12-29" },
};

beforeEach(() => {
  mockEndpoint(marketingEndpoints.listPackages, page([TRIAL]));
  mockEndpoint(ordersEndpoints.redeemFreeTrial, TRIAL_REDEEMED);
});

describe("the free-trial cart", () => {
  it("in Thai, links a user whose phone is not verified to the verification page", async () => {
    mockEndpoint(
      ordersEndpoints.redeemFreeTrial,
      apiError(403, "PHONE_NOT_VERIFIED", "กรุณายืนยันหมายเลขโทรศัพท์ก่อน"),
    );
    const { user, router } = await renderTrial("th");
    await user.click(await screen.findByTestId("redeem-trial"));
    const alert = await screen.findByTestId("verify-phone-required");
    expect(alert).toHaveRole("alert");
    expect(alert).toHaveTextContent("กรุณายืนยันหมายเลขโทรศัพท์ของบัญชีก่อน");
    await user.click(within(alert).getByRole("link", { name: "ยืนยันหมายเลขโทรศัพท์" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/verifications"));
  });

  it("shows any other refusal as the server words it, without the verification link", async () => {
    mockEndpoint(
      ordersEndpoints.redeemFreeTrial,
      apiError(409, "CONFLICT", "This organization has already redeemed its free trial."),
    );
    const { user } = await renderTrial("en");
    await user.click(await screen.findByTestId("redeem-trial"));
    expect(
      await screen.findByText("This organization has already redeemed its free trial."),
    ).toBeInTheDocument();
    expect(screen.queryByTestId("verify-phone-required")).not.toBeInTheDocument();
  });

  it("in English, redeems and goes to the orders", async () => {
    const redeem = mockEndpoint(ordersEndpoints.redeemFreeTrial, TRIAL_REDEEMED);
    const { user, router } = await renderTrial("en");
    await user.click(await screen.findByTestId("redeem-trial"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/orders"));
    expect(redeem.calls).toHaveLength(1);
  });
});
