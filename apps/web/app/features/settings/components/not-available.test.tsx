import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { NotAvailable } from "./not-available";

function renderAt(path: string, id: string) {
  const router = createMemoryRouter([{ path: "*", id, element: <NotAvailable /> }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}

describe("NotAvailable (/surveys, /sub-accounts*)", () => {
  it("names the page, says it is not available and leads back to the dashboard", async () => {
    await i18next.changeLanguage("en");
    renderAt("/en/surveys", "en:surveys");
    expect(screen.getByRole("heading", { level: 1, name: "Surveys" })).toBeInTheDocument();
    expect(screen.getByText("Surveys is not available for your account.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute(
      "href",
      "/en/dashboard",
    );
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it("speaks Thai on the Thai tree", async () => {
    await i18next.changeLanguage("th");
    renderAt("/sub-accounts/users", "th:sub-accounts.users");
    expect(screen.getByRole("heading", { level: 1, name: "ผู้ใช้บัญชีย่อย" })).toBeInTheDocument();
    expect(screen.getByText("ไม่เปิดให้ใช้งาน")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "กลับไปที่แดชบอร์ด" })).toHaveAttribute("href", "/dashboard");
  });
});
