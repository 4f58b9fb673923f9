import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { initMenus } from "./enhance/menus";
import { hasStoredToken, initLocaleSwitch, initSessionLinks } from "./enhance/session-links";
import { SITE } from "./site";

const storage = (value: string | null) => ({ getItem: () => value });

describe("landing header and footer", () => {
  beforeEach(() => i18next.changeLanguage("th"));

  it("has the groups, phone, LINE and register/login, and the articles item with an empty target while no blog is configured", () => {
    render(<Header locale="th" pathname="/clients/packages" />);
    expect(screen.getAllByText("บริการ").length).toBeGreaterThan(0);
    expect(screen.getAllByRole("link", { name: "ราคาและแพ็กเกจ" })[0]).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: /โทร 02-026-6999/ })).toHaveAttribute("href", "tel:020266999");
    expect(screen.getAllByRole("link", { name: /แอดไลน์/ })[0]).toHaveAttribute("href", SITE.lineUrl);
    expect(screen.getAllByRole("link", { name: "สมัครสมาชิก" })[0]).toHaveAttribute("href", "/register");
    // Spec §2: the article item is in the menu with an empty target (desktop and mobile menus).
    const articles = [...document.querySelectorAll("a[data-articles-link]")];
    expect(articles).toHaveLength(2);
    for (const item of articles) {
      expect(item).toHaveTextContent("บทความ");
      expect(item).not.toHaveAttribute("href");
    }
    expect(screen.queryByRole("link", { name: "บทความ" })).toBeNull();
    expect(screen.getByTestId("language-switcher")).toHaveAttribute("href", "/en/clients/packages");
  });

  it("Login goes to the dashboard when a token is stored", () => {
    render(<Header locale="en" pathname="/en" />);
    initSessionLinks(document, storage(JSON.stringify({ token: "t", refresh_token: "r" })));
    const login = document.querySelector<HTMLAnchorElement>("a[data-login-link]");
    expect(login?.getAttribute("href")).toBe("/en/dashboard");
    expect(login).toHaveTextContent("แดชบอร์ด");
  });

  it("Login stays Login without a usable token", () => {
    expect(hasStoredToken(storage(null))).toBe(false);
    expect(hasStoredToken(storage("not json"))).toBe(false);
    expect(hasStoredToken(storage(JSON.stringify({ token: "t" })))).toBe(false);
    render(<Header locale="th" pathname="/" />);
    initSessionLinks(document, storage(null));
    expect(document.querySelector("a[data-login-link]")).toHaveAttribute("href", "/login");
  });

  it("the language link remembers the choice for 365 days", async () => {
    render(<Header locale="th" pathname="/clients/cookies" />);
    initLocaleSwitch(document);
    const link = screen.getByTestId("language-switcher");
    link.addEventListener("click", (e) => e.preventDefault());
    await userEvent.click(link);
    expect(document.cookie).toContain("locale=en");
  });

  it("dropdowns open from the keyboard and close with Escape, returning focus", async () => {
    render(<Header locale="th" pathname="/" />);
    initMenus(document);
    const summary = screen.getAllByText("บริการ")[0]?.closest("summary") as HTMLElement;
    const details = summary.closest("details") as HTMLDetailsElement;
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    summary.focus();
    await userEvent.keyboard("{Escape}");
    expect(details.open).toBe(false);
    expect(summary).toHaveFocus();
  });

  it("opening one group closes the others", () => {
    render(<Header locale="th" pathname="/" />);
    initMenus(document);
    const [services, support] = Array.from(
      document.querySelectorAll<HTMLDetailsElement>("details[data-disclosure=dropdown]"),
    );
    if (!services || !support) throw new Error("dropdowns missing");
    services.open = true;
    support.open = true;
    support.dispatchEvent(new Event("toggle"));
    expect(services.open).toBe(false);
  });

  it("footer carries the columns, legal links, company details, opt-in and *137 notice", () => {
    render(<Footer locale="th" year={2026} />);
    for (const name of ["บริการ", "ช่วยเหลือ", "คลังข้อมูล", "ข้อมูลทางกฎหมาย"]) {
      expect(screen.getByRole("navigation", { name })).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "ประกาศความเป็นส่วนตัว" })).toHaveAttribute(
      "href",
      "/clients/privacy-notices",
    );
    expect(screen.getByText(/บริษัท เอสเอ็มเอส พอร์ทัล จำกัด$/)).toBeInTheDocument();
    expect(screen.getByText(/กด \*137 แล้วโทรออก ฟรี/)).toBeInTheDocument();
    expect(screen.getByText(/ผู้ที่ให้ความยินยอมรับข่าวสาร/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "SMS Portal บน Facebook" })).toHaveAttribute(
      "href",
      SITE.facebookUrl,
    );
  });
  describe("with a blog configured", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.resetModules();
    });

    it("header and footer link to the articles", async () => {
      vi.stubEnv("VITE_ARTICLES_URL", "https://blog.example.com");
      vi.resetModules();
      const header = await import("./components/header");
      const footer = await import("./components/footer");
      render(
        <>
          <header.Header locale="th" pathname="/" />
          <footer.Footer locale="th" year={2026} />
        </>,
      );
      const links = screen.getAllByRole("link", { name: "บทความ" });
      expect(links.length).toBe(3);
      for (const link of links) expect(link).toHaveAttribute("href", "https://blog.example.com");
    });
  });
});
