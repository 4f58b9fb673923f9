import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registrationCompleted } from "~/features/auth";
import { chosenPackage } from "~/lib/chosen-package";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import LoginPage from "./login";
import RegisterCompletedPage from "./register.completed";

/** Issue 10: a package chosen on the public price list is carried through sign-up or sign-in into its cart. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderAt(url: string, element: React.ReactNode, path: string) {
  const client = new QueryClient();
  const router = createMemoryRouter(
    [
      { path, element: <QueryClientProvider client={client}>{element}</QueryClientProvider> },
      { path: "*", element: <p>landed</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await i18next.changeLanguage("en");
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => json(200, { data: { token: "access", refresh_token: "refresh" } })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("a package chosen before signing in", () => {
  it("goes from /login?package_id= to its cart after signing in, once", async () => {
    const router = renderAt("/en/login?package_id=3", <LoginPage />, "/en/login");
    await userEvent.type(await screen.findByLabelText(/^E-mail or phone number/), "somchai@example.com");
    await userEvent.type(screen.getByLabelText(/^Password/), "secret123");
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("landed");
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe("/en/carts?package_id=3");
    expect(chosenPackage.peek()).toBeNull();
  });

  it("is remembered through registration: the last step leads to sign-in with the cart as the next page", () => {
    chosenPackage.remember(2);
    registrationCompleted.mark();
    renderAt("/en/register/completed", <RegisterCompletedPage />, "/en/register/completed");
    expect(screen.getByTestId("completed-continue")).toHaveAttribute(
      "href",
      `/en/login?next=${encodeURIComponent("/carts?package_id=2")}`,
    );
  });

  it("leads a registered person who is already signed in straight to the cart", () => {
    chosenPackage.remember(4);
    session.set({ token: "access", refresh_token: "refresh" });
    registrationCompleted.mark();
    renderAt("/en/register/completed", <RegisterCompletedPage />, "/en/register/completed");
    expect(screen.getByTestId("completed-continue")).toHaveAttribute("href", "/en/carts?package_id=4");
  });

  it("ignores a package id that is not a positive whole number", () => {
    chosenPackage.remember(null);
    expect(chosenPackage.peek()).toBeNull();
    sessionStorage.setItem("chosen_package", "1;drop");
    expect(chosenPackage.peek()).toBeNull();
  });
});
