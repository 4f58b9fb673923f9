import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ensureLanguage } from "~/lib/i18n";
import { SIDEBAR, visibleSections } from "./menu";
import { Sidebar } from "./sidebar";

function renderAt(path: string, id: string, locale: "th" | "en" = "en") {
  ensureLanguage(locale);
  const router = createMemoryRouter([{ path: "*", id, element: <Sidebar /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe("sidebar", () => {
  it("has the spec's groups in order", () => {
    expect(SIDEBAR.map((s) => s.group)).toEqual([
      "dashboard",
      "subscriptions",
      "orders",
      "reports",
      "contacts",
      "senders",
      "messages",
      "smsApi",
      "organization",
      "account",
      "contactUs",
      "surveys",
    ]);
  });

  it("hides organization by default and sub-accounts always", () => {
    expect(visibleSections().map((s) => s.group)).not.toContain("organization");
    const org = visibleSections({ showOrganization: true }).find((s) => s.group === "organization");
    expect(org?.items.map((i) => i.key)).toEqual(["organizations"]);
  });

  it("opens the current page's group and keeps one group open at a time", async () => {
    renderAt("/en/reports/messages", "en:reports.messages");
    const reports = screen.getByRole("button", { name: "Reports" });
    const senders = screen.getByRole("button", { name: "Senders" });
    expect(reports).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/en/reports/messages");
    await userEvent.click(senders);
    expect(senders).toHaveAttribute("aria-expanded", "true");
    expect(reports).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("link", { name: "SMS templates" })).toHaveAttribute("href", "/en/templates");
  });

  it("greys out disabled items without a link", () => {
    renderAt("/dashboard", "th:dashboard", "th");
    const surveys = screen.getByText("แบบสอบถาม");
    expect(surveys.tagName).toBe("SPAN");
    expect(surveys).toHaveAttribute("aria-disabled", "true");
    expect(screen.queryByRole("link", { name: "แบบสอบถาม" })).toBeNull();
    expect(screen.getByRole("link", { name: "แดชบอร์ด" })).toHaveAttribute("href", "/dashboard");
  });
});
