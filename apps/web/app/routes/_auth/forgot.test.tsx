import { guestEndpoints } from "@sms/domain/endpoints/guest";
import { systemEndpoints } from "@sms/domain/endpoints/system";
import { render, screen } from "@testing-library/react";
import { Toaster } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { forgotFlow } from "~/features/auth";
import en from "~/locales/en/auth.json";
import th from "~/locales/th/auth.json";
import { mockEndpoint } from "../../../test/msw";
import { renderApp } from "../../../test/render";
import ForgotResetPage from "./forgot.reset";
import ForgotVerifyPage from "./forgot.verify";
import LoginPage from "./login";

const TOKEN = "forgot-token-0123456789";
const RESET_TOKEN = "reset-token-0123456789";

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mockEndpoint(systemEndpoints.configurations, {
    data: { tnc_version: "1.0", tnc_change_note: null, dev_inbox: false },
  });
  const now = Date.now();
  forgotFlow.save({
    username: "somchai@example.com",
    token: TOKEN,
    code: { ref_code: "ABCD", resend_at: now + 60_000, expires_at: now + 300_000 },
  });
});

/** Thai pages have no locale prefix; English ones start with /en. */
const verifyPage = (locale: "th" | "en") => {
  const prefix = locale === "th" ? "" : "/en";
  return renderApp(<ForgotVerifyPage />, {
    path: `${prefix}/forgot/verify`,
    pages: { [`${prefix}/forgot/reset`]: <ForgotResetPage />, [`${prefix}/login`]: <LoginPage /> },
  });
};

describe("forgot password (review D60)", () => {
  it.each([
    ["th", th.forgot.verifyIntro, "เราส่งรหัส", "กรอกรหัส"],
    ["en", en.forgot.verifyIntro, "we have sent it a code", "Enter the 6-digit code"],
  ] as const)(
    "says in %s on the code step that a code was sent if the account matches, then asks for it",
    async (locale, intro, sent, enter) => {
      await verifyPage(locale);
      const subtitle = await screen.findByText(intro);
      const words = subtitle.textContent ?? "";
      // The review read it backwards: "enter the code … if it matches, a code will be sent".
      expect(words.indexOf(sent)).toBeGreaterThanOrEqual(0);
      expect(words.indexOf(enter)).toBeGreaterThan(words.indexOf(sent));
    },
  );

  it("after the new password, the sign-in page says so once: one message, no toast as well", async () => {
    render(<Toaster />);
    const verify = mockEndpoint(guestEndpoints.verifyForgotPassword, {
      data: { reset_token: RESET_TOKEN, expires_in: 600 },
    });
    const reset = mockEndpoint(guestEndpoints.resetPassword, { data: { message: "ok" } });
    const { user, router } = await verifyPage("th");

    await user.type(
      await screen.findByLabelText(new RegExp(`^${th.otp.code.replace(/[()]/g, "\\$&")}`)),
      "123456",
    );
    await user.click(screen.getByRole("button", { name: th.otp.verify }));
    await screen.findByRole("heading", { name: th.forgot.resetTitle });
    expect(verify.lastCall?.body).toEqual({ token: TOKEN, code: "123456" });

    await user.type(screen.getByLabelText(new RegExp(`^${th.fields.newPassword}`)), "newpass123");
    await user.type(screen.getByLabelText(new RegExp(`^${th.fields.passwordConfirmation}`)), "newpass123");
    await user.click(screen.getByRole("button", { name: th.forgot.resetSubmit }));

    await screen.findByRole("heading", { name: th.login.title });
    expect(router.state.location.pathname).toBe("/login");
    expect(reset.lastCall?.body).toMatchObject({ reset_token: RESET_TOKEN, password: "newpass123" });
    expect(await screen.findByTestId("signed-out-reason")).toHaveTextContent(th.signedOut.password_reset);
    expect(screen.getAllByText(th.signedOut.password_reset)).toHaveLength(1);
    // A toast would arrive after the navigation; give it the time sonner takes to mount one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(0);
    expect(forgotFlow.get()).toBeNull();
  });
});
