import { routeByKey } from "@sms/domain/routes";
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
    // Spec §6: sub-accounts are hidden and disabled, surveys disabled.
    const all = SIDEBAR.flatMap((s) => s.items);
    expect(all.find((i) => i.key === "sub-accounts")).toMatchObject({ hidden: true, disabled: true });
    expect(all.find((i) => i.key === "surveys")).toMatchObject({ disabled: true });
  });

  it("shows the inbox only to a member who reads every report, once the role is known", () => {
    const inbox = (options: Parameters<typeof visibleSections>[0]) =>
      visibleSections(options)
        .flatMap((s) => s.items)
        .some((i) => i.key === "inbox");
    expect(inbox({})).toBe(false);
    expect(inbox({ can: (action) => action === "reports.own" })).toBe(false);
    expect(inbox({ can: (action) => action === "reports.all" })).toBe(true);
    // Nothing else in the menu waits on a right: a plain member keeps every other page.
    const member = visibleSections({ can: () => false }).flatMap((s) => s.items.map((i) => i.key));
    const owner = visibleSections({ can: () => true }).flatMap((s) => s.items.map((i) => i.key));
    expect(owner.filter((key) => !member.includes(key))).toEqual(["inbox"]);
  });

  it("links every enabled item to a page of the route table", () => {
    for (const item of SIDEBAR.flatMap((s) => s.items).filter((i) => !i.disabled)) {
      expect(routeByKey(item.key)?.layout, item.key).toBe("admin");
    }
  });

  it("lists My Account's pages: account details, alert settings and the terms", async () => {
    renderAt("/en/accounts/settings", "en:accounts.settings");
    const account = screen.getByRole("button", { name: "My Account" });
    expect(account).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Account details" })).toHaveAttribute("href", "/en/accounts");
    expect(screen.getByRole("link", { name: "Alert settings" })).toHaveAttribute(
      "href",
      "/en/accounts/settings",
    );
    expect(screen.getByRole("link", { name: "Alert settings" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Account details" })).not.toHaveAttribute("aria-current");
    expect(screen.getByRole("link", { name: "Terms and conditions" })).toHaveAttribute(
      "href",
      "/en/term-and-conditions",
    );
    expect(screen.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/en/contacts-us");
    expect(screen.queryByText("Sub-accounts")).toBeNull();
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
    expect(surveys).toHaveAttribute("title", "ไม่เปิดให้ใช้งาน");
    expect(screen.queryByRole("link", { name: "แบบสอบถาม" })).toBeNull();
    expect(screen.getByRole("link", { name: "แดชบอร์ด" })).toHaveAttribute("href", "/dashboard");
  });
});
