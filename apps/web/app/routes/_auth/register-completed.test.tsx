import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { registrationCompleted } from "~/features/auth";
import { i18next } from "~/lib/i18n";
import { session } from "~/lib/session";
import RegisterCompletedPage from "./register.completed";

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/:lang?/register/completed",
        element: (
          <QueryClientProvider client={new QueryClient()}>
            <RegisterCompletedPage />
          </QueryClientProvider>
        ),
      },
      { path: "*", element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("/register/completed", () => {
  it("sends a visitor who has not just registered to /register (review D55)", async () => {
    await i18next.changeLanguage("en");
    const router = renderAt("/en/register/completed");
    await screen.findByText("elsewhere");
    expect(router.state.location.pathname).toBe("/en/register");
  });

  it("shows a new customer the next steps, each behind the sign-in when signed out (review D4)", async () => {
    await i18next.changeLanguage("th");
    registrationCompleted.mark();
    renderAt("/register/completed");
    const steps = screen.getByTestId("next-steps");
    const links = [...steps.querySelectorAll("a")].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["รับเครดิตทดลองใช้ฟรี", "/login"],
      ["ขอชื่อผู้ส่ง", `/login?next=${encodeURIComponent("/senders/create")}`],
      ["ซื้อแพ็กเกจ", `/login?next=${encodeURIComponent("/subscriptions")}`],
    ]);
    expect(steps).toHaveTextContent("1-3 วันทำการ");
  });

  it("links the steps straight to their pages when signed in", async () => {
    await i18next.changeLanguage("en");
    registrationCompleted.mark();
    session.set({ token: "a", refresh_token: "b" });
    renderAt("/en/register/completed");
    const hrefs = [...screen.getByTestId("next-steps").querySelectorAll("a")].map((a) =>
      a.getAttribute("href"),
    );
    expect(hrefs).toEqual(["/en/dashboard", "/en/senders/create", "/en/subscriptions"]);
  });
});
