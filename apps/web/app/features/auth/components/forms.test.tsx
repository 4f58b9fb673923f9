import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "~/lib/session";
import { LoginForm } from "./login-form";
import { OtpForm } from "./otp-form";
import { RegisterForm } from "./register-form";
import { jsonResponse, renderWithApp } from "./test-utils";

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = vi.fn(async () => jsonResponse(500, {}));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const errors = () => screen.queryAllByTestId("field-error").map((e) => e.textContent);

describe("RegisterForm validation", () => {
  it("shows every rule in English and sends nothing", async () => {
    await renderWithApp(<RegisterForm onRegistered={vi.fn()} />, "/en/register");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() =>
      expect(errors()).toEqual([
        "* This field is required.",
        "* This field is required.",
        // An empty e-mail, phone or password is a missing one, like every other empty field (review D1).
        "* This field is required.",
        "* This field is required.",
        "* This field is required.",
        "* Please accept the terms and conditions.",
      ]),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks the password rule and its confirmation in Thai", async () => {
    await renderWithApp(<RegisterForm onRegistered={vi.fn()} />, "/register");
    await userEvent.type(screen.getByLabelText(/^รหัสผ่าน/), "รหัส12");
    await userEvent.type(screen.getByLabelText(/^ยืนยันรหัสผ่าน/), "other1");
    await userEvent.type(screen.getByLabelText(/^หมายเลขโทรศัพท์มือถือ/), "0812");
    await userEvent.click(screen.getByRole("button", { name: "สร้างบัญชี" }));
    await waitFor(() => expect(errors()).toContain("* หมายเลขโทรศัพท์ต้องมี 9 หรือ 10 หลัก"));
    expect(errors()).toContain("* รหัสผ่านต้องมี 6-20 ตัวอักษร และใช้ได้เฉพาะตัวอักษรภาษาอังกฤษหรือตัวเลขเท่านั้น");
    // The mismatch shows together with the other errors, not only once they are fixed.
    expect(errors()).toContain("* การยืนยันรหัสผ่านไม่ตรงกัน");
  });

  it("rejects a password longer than 20 characters", async () => {
    await renderWithApp(<RegisterForm onRegistered={vi.fn()} />, "/en/register");
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute("maxLength", "20");
  });

  it("sends the shared contract's fields and hands back the register token", async () => {
    const ticket = { ref_code: "ABC123", resend_after: 60, expires_in: 300 };
    fetchMock.mockImplementation(async () =>
      jsonResponse(201, {
        data: { token_register: { token: "t", refresh_token: "r" }, phone_verification: ticket },
      }),
    );
    const onRegistered = vi.fn();
    await renderWithApp(<RegisterForm onRegistered={onRegistered} />, "/en/register");
    await userEvent.type(screen.getByLabelText(/^First name/), "Somchai");
    await userEvent.type(screen.getByLabelText(/^Last name/), "Jaidee");
    await userEvent.type(screen.getByLabelText(/^E-mail/), "somchai@example.com");
    await userEvent.type(screen.getByLabelText(/^Mobile phone number/), "0812345678");
    await userEvent.type(screen.getByLabelText(/^Password/), "secret123");
    await userEvent.type(screen.getByLabelText(/^Confirm password/), "secret123");
    await userEvent.click(screen.getByRole("checkbox"));
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/c/guest/register");
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: "somchai@example.com",
      phone_number: "0812345678",
      accept_terms: true,
    });
    expect(onRegistered.mock.calls[0]?.[0]).toMatchObject({ phone_verification: ticket });
  });
});

describe("LoginForm", () => {
  it("validates before calling the API", async () => {
    await renderWithApp(<LoginForm onSignedIn={vi.fn()} />, "/en/login");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() =>
      expect(errors()).toEqual([
        "* Please enter your e-mail address or phone number.",
        "* This field is required.",
      ]),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("stores the tokens on success", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: { token: "a", refresh_token: "b" } }));
    const onSignedIn = vi.fn();
    await renderWithApp(<LoginForm onSignedIn={onSignedIn} />, "/en/login");
    await userEvent.type(screen.getByLabelText(/^E-mail or phone number/), "0812345678");
    await userEvent.type(screen.getByLabelText(/^Password/), "secret123");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(session.get()).toEqual({ token: "a", refresh_token: "b" });
  });

  it("shows the lockout message with a way to reset the password", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(423, { error: { code: "LOCKED", message: "Your account is locked." } }),
    );
    await renderWithApp(<LoginForm onSignedIn={vi.fn()} />, "/en/login");
    await userEvent.type(screen.getByLabelText(/^E-mail or phone number/), "a@b.co");
    await userEvent.type(screen.getByLabelText(/^Password/), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your account is locked.");
    expect(alert.querySelector("a")).toHaveAttribute("href", "/en/forgot");
  });
});

describe("OtpForm", () => {
  const sent = { ref_code: "XY12AB", resend_at: Date.now() + 60_000, expires_at: Date.now() + 300_000 };

  it("needs 6 digits: OTP code is invalid.", async () => {
    const onVerify = vi.fn();
    await renderWithApp(
      <OtpForm channel="sms" destination="0812345678" sent={sent} onVerify={onVerify} onResend={vi.fn()} />,
      "/en/register/mobile-verification",
    );
    expect(screen.getByTestId("otp-ref-code")).toHaveTextContent("XY12AB");
    await userEvent.type(screen.getByLabelText(/^Verification code/), "123");
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(errors()).toEqual(["* OTP code is invalid."]));
    expect(onVerify).not.toHaveBeenCalled();
  });

  it("counts down before offering to send again", async () => {
    await renderWithApp(
      <OtpForm channel="email" destination="a@b.co" sent={sent} onVerify={vi.fn()} onResend={vi.fn()} />,
      "/en/register/email-verification",
    );
    const wait = screen.getByRole("button", { name: /^Send again in [01]:\d\d$/ });
    expect(wait).toBeDisabled();
    expect(screen.queryByTestId("otp-send-limit")).toBeNull();
  });

  /** The wait is over; "send again" is answered 429 with Retry-After `retryAfter` seconds. */
  async function resendIntoRateLimit(retryAfter: number) {
    const { ApiError } = await import("~/lib/api-client");
    const onResend = vi.fn(async () => {
      throw new ApiError(429, "RATE_LIMITED", "Too many OTP codes were requested.", { retryAfter });
    });
    await renderWithApp(
      <OtpForm
        channel="sms"
        destination="0812345678"
        sent={{ ...sent, resend_at: Date.now() - 1 }}
        onVerify={vi.fn()}
        onResend={onResend}
      />,
      "/en/register/mobile-verification",
    );
    await userEvent.click(screen.getByRole("button", { name: "Send the code again" }));
  }

  it("offers to send again once the wait is over and shows a rate limit", async () => {
    await resendIntoRateLimit(90);
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many OTP codes were requested.");
    // The wait comes from Retry-After (90 s); a loaded machine may already have ticked a few seconds.
    const wait = await screen.findByRole("button", { name: /^Send again in 1:\d\d$/ });
    expect(wait).toBeDisabled();
    const [, minutes, seconds] = /in (\d+):(\d\d)/.exec(wait.textContent ?? "") ?? [];
    const left = Number(minutes) * 60 + Number(seconds);
    expect(left).toBeGreaterThan(60);
    expect(left).toBeLessThanOrEqual(90);
    // 90 s is within the code's 5 minutes: no word about the send limit.
    expect(screen.queryByTestId("otp-send-limit")).toBeNull();
  });

  it("says the send limit was reached when the wait outlives the code", async () => {
    await resendIntoRateLimit(420);
    expect(await screen.findByRole("button", { name: /^Send again in [67]:\d\d$/ })).toBeDisabled();
    expect(screen.getByTestId("otp-send-limit")).toHaveTextContent(
      /^The send limit was reached\. You can ask for a new code at \d\d:\d\d\.$/,
    );
  });
});
