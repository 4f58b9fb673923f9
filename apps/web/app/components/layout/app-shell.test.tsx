import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { installMatchMedia } from "../../../test/match-media";
import { AppShell } from "./app-shell";

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        id: "en:dashboard",
        element: (
          <AppShell>
            <h1>Dashboard</h1>
          </AppShell>
        ),
      },
    ],
    { initialEntries: ["/en/dashboard"] },
  );
  return render(<RouterProvider router={router} />);
}

// While the drawer is open the page behind it is hidden from assistive technology (aria-hidden).
const menuButton = () => screen.getByRole("button", { name: "Open menu", hidden: true });
const drawer = () => screen.queryByRole("dialog", { name: "Main menu" });

describe("AppShell's drawer (below 1024 px)", () => {
  let media: ReturnType<typeof installMatchMedia>;
  beforeEach(async () => {
    media = installMatchMedia(375);
    await i18next.changeLanguage("en");
  });
  afterEach(async () => {
    media.restore();
    await i18next.changeLanguage("th");
  });

  it("takes the focus to its × and closes with Escape, giving the focus back to the menu button", async () => {
    renderShell();
    expect(drawer()).toBeNull();
    await userEvent.click(menuButton());
    expect(menuButton()).toHaveAttribute("aria-expanded", "true");
    const dialog = drawer();
    expect(dialog).not.toBeNull();
    const close = within(dialog as HTMLElement).getByRole("button", { name: "Close menu" });
    expect(close).toHaveTextContent("×");
    expect(close).toHaveFocus();
    expect(within(dialog as HTMLElement).getByRole("navigation", { name: "Main menu" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    expect(drawer()).toBeNull();
    // React Aria gives the focus back in an animation frame after the dialog unmounts.
    await waitFor(() => expect(menuButton()).toHaveFocus());
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes with the visible ×, the focus back on the menu button", async () => {
    renderShell();
    await userEvent.click(menuButton());
    await userEvent.click(screen.getByRole("button", { name: "Close menu" }));
    expect(drawer()).toBeNull();
    await waitFor(() => expect(menuButton()).toHaveFocus());
  });

  it("keeps the focus inside while open", async () => {
    renderShell();
    await userEvent.click(menuButton());
    const dialog = drawer() as HTMLElement;
    for (let i = 0; i < 30; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it("closes when a page is chosen from it", async () => {
    renderShell();
    await userEvent.click(menuButton());
    await userEvent.click(within(drawer() as HTMLElement).getByRole("link", { name: "Dashboard" }));
    expect(drawer()).toBeNull();
  });

  it("closes when the window grows wide enough for the sidebar", async () => {
    renderShell();
    await userEvent.click(menuButton());
    expect(drawer()).not.toBeNull();
    media.setWidth(1280);
    expect(drawer()).toBeNull();
  });
});
