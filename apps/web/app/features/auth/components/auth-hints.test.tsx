import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "~/lib/session";
import { registerFlow, sentCode } from "../lib/flow-state";
import { OtpForm } from "./otp-form";
import { RegisterVerifyStep } from "./register-verify-step";
import { jsonResponse, renderWithApp } from "./test-utils";

let devInbox = true;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  devInbox = true;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith("/configurations")
        ? jsonResponse(200, { data: { tnc_version: "1.0", dev_inbox: devInbox } })
        : jsonResponse(500, {}),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const ticket = { ref_code: "AB12", resend_after: 60, expires_in: 300 };
const otp = (
  <OtpForm channel="sms" destination="0812345678" sent={null} onVerify={vi.fn()} onResend={vi.fn()} />
);

describe("the dev inbox hint on code screens", () => {
  it("links to the dev inbox in the page's language when the server has one", async () => {
    await renderWithApp(otp, "/en/forgot/verify");
    const hint = await screen.findByTestId("dev-inbox-hint");
    expect(hint).toHaveTextContent("Test system: codes are not really sent.");
    const link = within(hint).getByRole("link", { name: "dev inbox" });
    expect(link).toHaveAttribute("href", "/en/dev/inbox");
    expect(link).toHaveAttribute("target", "_blank");
  });

  it("is in Thai on the Thai pages", async () => {
    await renderWithApp(otp, "/forgot/verify");
    const hint = await screen.findByTestId("dev-inbox-hint");
    expect(within(hint).getByRole("link")).toHaveAttribute("href", "/dev/inbox");
    expect(hint).toHaveTextContent("ระบบทดสอบ");
  });

  it("stays hidden in production", async () => {
    devInbox = false;
    await renderWithApp(otp, "/en/forgot/verify");
    expect(await screen.findByTestId("otp-destination")).toBeInTheDocument();
    // Give the configuration answer time to arrive.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("dev-inbox-hint")).toBeNull();
  });
});

describe("the register code screens explain a code that may not come", () => {
  beforeEach(() => {
    session.set({ token: "t", refresh_token: "r" }, "register");
  });

  it("on the phone step, with links to sign in and to reset the password", async () => {
    registerFlow.save({ email: "a@example.com", phone_number: "0812345678", phone: sentCode(ticket) });
    await renderWithApp(<RegisterVerifyStep type="phone" />, "/en/register/mobile-verification");
    const help = await screen.findByTestId("register-no-code");
    expect(help).toHaveTextContent(
      "Didn't get a code? If this number already has an account, we sent it a notice instead of a code.",
    );
    expect(within(help).getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/en/login");
    expect(within(help).getByRole("link", { name: "reset your password" })).toHaveAttribute(
      "href",
      "/en/forgot",
    );
  });

  it("on the e-mail step, in Thai", async () => {
    registerFlow.save({
      email: "a@example.com",
      phone_number: "0812345678",
      phone: sentCode(ticket),
      email_code: sentCode(ticket),
      phone_verified: true,
    });
    await renderWithApp(<RegisterVerifyStep type="email" />, "/register/email-verification");
    const help = await screen.findByTestId("register-no-code");
    expect(help).toHaveTextContent("หากอีเมลนี้มีบัญชีอยู่แล้ว");
    expect(within(help).getByRole("link", { name: "เข้าสู่ระบบ" })).toHaveAttribute("href", "/login");
    expect(within(help).getByRole("link", { name: "ตั้งรหัสผ่านใหม่" })).toHaveAttribute("href", "/forgot");
  });
});
