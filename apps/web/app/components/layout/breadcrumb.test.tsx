import { ROUTES } from "@sms/domain/routes";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ensureLanguage, i18next } from "~/lib/i18n";
import { Breadcrumb } from "./breadcrumb";

function renderAt(path: string, id: string, locale: "th" | "en" = "en") {
  ensureLanguage(locale);
  void i18next.changeLanguage(locale);
  const router = createMemoryRouter([{ path: "*", id, element: <Breadcrumb /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

const crumbs = () =>
  screen
    .getAllByRole("listitem")
    .map((li) => li.textContent?.replace("›", "").trim())
    .filter(Boolean);

describe("breadcrumb (spec §2 top bar: group > page)", () => {
  it("names the group and the page", () => {
    renderAt("/en/reports/messages", "en:reports.messages");
    expect(screen.getByRole("navigation", { name: "Breadcrumb" })).toBeInTheDocument();
    expect(crumbs()).toEqual(["Reports", "Message report"]);
    expect(screen.getByText("Message report")).toHaveAttribute("aria-current", "page");
  });

  it("shows the page alone when it is named like its group", () => {
    renderAt("/en/dashboard", "en:dashboard");
    expect(crumbs()).toEqual(["Dashboard"]);
  });

  it("names a …/headers page like the table it shows, and the account pages under My Account", () => {
    const contacts = renderAt("/en/contacts/headers", "en:contacts.headers");
    expect(crumbs()).toEqual(["Contact groups"]);
    contacts.unmount();
    renderAt("/en/orders/headers", "en:orders.headers");
    expect(crumbs()).toEqual(["Orders"]);
  });

  it("is in Thai on the Thai tree", () => {
    renderAt("/accounts/settings", "th:accounts.settings", "th");
    expect(crumbs()).toEqual(["บัญชีของฉัน", "ตั้งค่าการแจ้งเตือน"]);
  });

  it("has a page name and a group in both languages for every app page", () => {
    for (const route of ROUTES.filter((r) => r.layout === "admin")) {
      expect(route.group, route.key).toBeDefined();
      for (const lng of ["th", "en"]) {
        expect(i18next.exists(`pages.${route.key}`, { lng, ns: "common" }), `${lng} ${route.key}`).toBe(true);
        expect(i18next.exists(`menu.${route.group}`, { lng, ns: "common" }), `${lng} ${route.group}`).toBe(
          true,
        );
      }
    }
  });
});
