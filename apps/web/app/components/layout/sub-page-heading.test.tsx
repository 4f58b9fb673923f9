import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ensureLanguage, i18next } from "~/lib/i18n";
import { SubPageHeading } from "./sub-page-heading";

function renderAt(path: string, locale: "th" | "en") {
  ensureLanguage(locale);
  void i18next.changeLanguage(locale);
  const element = (
    <SubPageHeading
      back={{ to: "/inbox", label: "Back to the inbox" }}
      title="Auto-replies"
      intro="Keywords answered."
    />
  );
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe("SubPageHeading (the inbox's rules, the suppression list)", () => {
  it("links back to the page it belongs to, in the page's language, above its h1 and introduction", () => {
    const english = renderAt("/en/inbox/rules", "en");
    expect(screen.getByRole("link", { name: "Back to the inbox" })).toHaveAttribute("href", "/en/inbox");
    expect(screen.getByRole("heading", { level: 1, name: "Auto-replies" })).toBeInTheDocument();
    expect(screen.getByText("Keywords answered.")).toBeInTheDocument();
    english.unmount();
    renderAt("/inbox/rules", "th");
    expect(screen.getByRole("link", { name: "Back to the inbox" })).toHaveAttribute("href", "/inbox");
  });
});
