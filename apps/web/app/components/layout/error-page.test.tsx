import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ensureLanguage } from "~/lib/i18n";
import { ErrorPage } from "./error-page";

function renderAt(path: string, error: unknown) {
  ensureLanguage(path.startsWith("/en") ? "en" : "th");
  const router = createMemoryRouter([{ path: "*", element: <ErrorPage error={error} /> }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

describe("error page", () => {
  it("shows 404 with the spec's message and a link home in English", () => {
    renderAt("/en/nope", { status: 404, statusText: "Not Found", internal: true, data: "" });
    expect(screen.getByText("404")).toBeInTheDocument();
    expect(screen.getByRole("heading")).toHaveTextContent("This page could not be found");
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/en");
  });

  it("shows the status and the Thai link home for other errors", () => {
    renderAt("/contacts", { statusCode: 503 });
    expect(screen.getByText("503")).toBeInTheDocument();
    expect(screen.getByRole("heading")).toHaveTextContent("เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง");
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
