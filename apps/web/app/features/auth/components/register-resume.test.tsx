import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { session } from "~/lib/session";
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

const ticket = { ref_code: "NEW123", resend_after: 60, expires_in: 300 };
const previous = {
  first_name: "Somchai",
  last_name: "Jaidee",
  email: "somchai@example.com",
  phone_number: "0812345678",
  accept_terms: true as const,
};

describe("RegisterForm with a registration in progress (review D3, D72)", () => {
  it("comes back filled, and sending it corrects the same registration with its register token", async () => {
    session.set({ token: "reg-token", refresh_token: "reg-refresh" }, "register");
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: ticket }));
    const onRegistered = vi.fn();
    await renderWithApp(
      <RegisterForm resume={() => previous} focus="phone_number" onRegistered={onRegistered} />,
      "/en/register",
    );
    const phone = screen.getByLabelText(/^Mobile phone number/);
    await waitFor(() => expect(phone).toHaveValue("0812345678"));
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue("somchai@example.com");
    // The code step's "edit number" link lands in the phone field.
    await waitFor(() => expect(phone).toHaveFocus());
    await userEvent.clear(phone);
    await userEvent.type(phone, "0898765432");
    // The password is typed again (it is never stored).
    await userEvent.type(screen.getByLabelText(/^Password/), "secret123");
    await userEvent.type(screen.getByLabelText(/^Confirm password/), "secret123");
    await userEvent.click(screen.getByRole("button", { name: "Save and send a new code" }));

    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/c/me/registration");
    expect(init.method).toBe("PUT");
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer reg-token");
    expect(JSON.parse(String(init.body))).toMatchObject({
      email: "somchai@example.com",
      phone_number: "0898765432",
    });
    expect(onRegistered.mock.calls[0]?.[0]).toEqual({ phone_verification: ticket, token_register: null });
  });

  it("starts a new registration when there is none to resume", async () => {
    const onRegistered = vi.fn();
    await renderWithApp(<RegisterForm resume={() => null} onRegistered={onRegistered} />, "/en/register");
    expect(screen.getByRole("button", { name: "Create account" })).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue("");
  });
});
