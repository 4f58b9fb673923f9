import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EARLY_INPUT, type EarlyInput } from "~/lib/pre-hydration";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { jsonResponse, renderWithApp } from "./test-utils";

let fetchMock: ReturnType<typeof vi.fn>;
const early = (forms: Record<string, EarlyInput>) => {
  (window as unknown as Record<string, unknown>)[EARLY_INPUT] = forms;
};
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = vi.fn(async () => jsonResponse(500, {}));
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[EARLY_INPUT];
});

/** What the inline script (lib/pre-hydration.ts) kept before hydration, taken over by the forms. */
describe("input from before hydration", () => {
  it("keeps what was typed in the sign-in form and sends the submit made then", async () => {
    early({
      "login-form": { values: { username: "somchai@example.com", password: "secret123" }, submit: true },
    });
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: { token: "a", refresh_token: "b" } }));
    const onSignedIn = vi.fn();
    await renderWithApp(<LoginForm onSignedIn={onSignedIn} />, "/en/login");
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/v1/c/guest/login");
    expect(JSON.parse(String(init.body))).toEqual({ username: "somchai@example.com", password: "secret123" });
    expect(screen.getByLabelText(/^E-mail or phone number/)).toHaveValue("somchai@example.com");
  });

  it("keeps typed values without sending when nothing was submitted, and forgets them once taken", async () => {
    early({ "login-form": { values: { username: "0812345678" }, submit: false } });
    await renderWithApp(<LoginForm onSignedIn={vi.fn()} />, "/en/login");
    await waitFor(() => expect(screen.getByLabelText(/^E-mail or phone number/)).toHaveValue("0812345678"));
    expect(fetchMock).not.toHaveBeenCalled();
    const store = (window as unknown as Record<string, Record<string, unknown>>)[EARLY_INPUT];
    expect(store?.["login-form"]).toBeUndefined();
  });

  it("restores the registration form's fields and checkbox, then validates the replayed submit", async () => {
    early({
      "register-form": {
        values: { first_name: "Somchai", email: "not-an-email", accept_terms: true, unknown_field: "x" },
        submit: true,
      },
    });
    await renderWithApp(<RegisterForm onRegistered={vi.fn()} />, "/en/register");
    await waitFor(() => expect(screen.getByText("* The e-mail address is invalid.")).toBeInTheDocument());
    expect(screen.getByLabelText(/^First name/)).toHaveValue("Somchai");
    expect(screen.getByRole("checkbox")).toBeChecked();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
