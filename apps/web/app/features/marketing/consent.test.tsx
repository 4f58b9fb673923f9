import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { ConsentSettings } from "./components/consent-settings";
import { CookieConsent } from "./components/cookie-consent";
import { CONSENT_COOKIE, CONSENT_EVENT, consentCookie, readConsent } from "./consent";
import { initConsent } from "./enhance/consent";

const now = () => new Date("2026-01-02T03:04:05Z");

function clearCookies() {
  for (const c of document.cookie.split(";")) {
    const name = c.split("=")[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

describe("PDPA cookie consent", () => {
  beforeEach(() => i18next.changeLanguage("en"));
  afterEach(clearCookies);

  it("offers accept-all and reject-all side by side with the same look, and links the policy", () => {
    render(<CookieConsent locale="en" />);
    const accept = screen.getByRole("button", { name: "Accept all" });
    const reject = screen.getByRole("button", { name: "Reject all" });
    expect(accept.className).toBe(reject.className);
    expect(screen.getByRole("link", { name: "Read the cookie policy" })).toHaveAttribute(
      "href",
      "/en/clients/cookies",
    );
    expect(readConsent(document.cookie)).toBeNull();
  });

  it("rejecting keeps necessary cookies only, remembers the choice and hides the banner", async () => {
    render(<CookieConsent locale="en" />);
    const events: unknown[] = [];
    document.addEventListener(CONSENT_EVENT, (e) => events.push((e as CustomEvent).detail));
    initConsent(document, now);
    await userEvent.click(screen.getByRole("button", { name: "Reject all" }));
    expect(readConsent(document.cookie)).toEqual({
      analytics: false,
      marketing: false,
      at: now().toISOString(),
    });
    expect(document.getElementById("cookie-consent")).not.toBeVisible();
    expect(events).toEqual([{ analytics: false, marketing: false }]);
  });

  it("accepting opts in to everything", async () => {
    render(<CookieConsent locale="en" />);
    initConsent(document, now);
    await userEvent.click(screen.getByRole("button", { name: "Accept all" }));
    expect(readConsent(document.cookie)).toMatchObject({ analytics: true, marketing: true });
  });

  it("the cookie-policy control shows the current choice and changes it", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = consentCookie({ analytics: true, marketing: false }, now());
    render(<ConsentSettings />);
    initConsent(document, now);
    expect(screen.getByRole("checkbox", { name: "Necessary cookies" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Analytics cookies" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Marketing cookies" })).not.toBeChecked();
    expect(screen.getByRole("status")).toHaveTextContent("saved as you chose");
    await userEvent.click(screen.getByRole("checkbox", { name: "Analytics cookies" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Marketing cookies" }));
    await userEvent.click(screen.getByRole("button", { name: "Save settings" }));
    expect(readConsent(document.cookie)).toMatchObject({ analytics: false, marketing: true });
    expect(screen.getByRole("status")).toHaveTextContent("Your cookie settings are saved.");
  });

  it("keeps the choice for a year", () => {
    expect(consentCookie({ analytics: false, marketing: false }, now())).toMatch(
      new RegExp(`^${CONSENT_COOKIE}=.+; max-age=31536000; path=/; samesite=lax$`),
    );
  });
});
