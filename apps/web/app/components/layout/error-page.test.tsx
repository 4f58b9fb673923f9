import { act, render, screen, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ensureLanguage } from "~/lib/i18n";
import { type ErrorFrame, ErrorPage } from "./error-page";

function renderAt(path: string, error: unknown, Frame?: ErrorFrame) {
  ensureLanguage(path.startsWith("/en") ? "en" : "th");
  const router = createMemoryRouter([{ path: "*", element: <ErrorPage error={error} Frame={Frame} /> }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

describe("error page", () => {
  it("shows 404 with the spec's message and a link home in English", () => {
    renderAt("/en/nope", { status: 404, statusText: "Not Found", internal: true, data: "" });
    expect(screen.getByText("404")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("This page could not be found");
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/en");
  });

  it("offers packages, support and login inside the site's frame", () => {
    const Frame: ErrorFrame = ({ locale, pathname, children }) => (
      <div>
        <header>{`header ${locale} ${pathname}`}</header>
        {children}
        <footer>footer</footer>
      </div>
    );
    renderAt("/en/nope", { status: 404 }, Frame);
    expect(screen.getByRole("banner")).toHaveTextContent("header en /en/nope");
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    const links = within(screen.getByRole("navigation", { name: "You may be looking for:" })).getAllByRole(
      "link",
    );
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Packages and prices", "/en/clients/packages"],
      ["Contact support", "/en/clients/supports/contact-us"],
      ["Sign in", "/en/login"],
    ]);
  });

  it("offers a signed-in person the way back to the dashboard, not a sign-in (review D63)", () => {
    localStorage.setItem("session", JSON.stringify({ token: "a", refresh_token: "b" }));
    try {
      renderAt("/nope", { status: 404 });
      expect(screen.getByTestId("error-home")).toHaveTextContent("กลับไปที่แดชบอร์ด");
      expect(screen.getByTestId("error-home")).toHaveAttribute("href", "/dashboard");
      const links = within(screen.getByRole("navigation")).getAllByRole("link");
      expect(links.map((a) => a.getAttribute("href"))).not.toContain("/login");
    } finally {
      localStorage.clear();
    }
  });

  it("hydrates over the loading screen without a mismatch, then shows the error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const pending = <p>loading</p>;
    const page = (
      <RouterProvider
        router={createMemoryRouter(
          [{ path: "*", element: <ErrorPage error={{ status: 404 }} pending={pending} /> }],
          {
            initialEntries: ["/nope"],
          },
        )}
      />
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(<main>{pending}</main>).replace(/^<main>|<\/main>$/g, "");
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(container).toHaveTextContent("404");
    errors.mockRestore();
    container.remove();
  });

  it("shows the status and the Thai link home for other errors", () => {
    renderAt("/contacts", { statusCode: 503 });
    expect(screen.getByText("503")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง");
    expect(screen.getByRole("link", { name: "ไปหน้าแรก" })).toHaveAttribute("href", "/");
  });

  it("falls back to a plain message when the error page itself fails", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    // Outside a router the page cannot read the location and throws while rendering.
    render(<ErrorPage error={new Error("x")} />);
    expect(screen.getByText("เกิดข้อผิดพลาดระหว่างแสดงหน้าข้อผิดพลาด")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "ไปหน้าแรก" })).toHaveAttribute("href", "/");
    spy.mockRestore();
  });
});
