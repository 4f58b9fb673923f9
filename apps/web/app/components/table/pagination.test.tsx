import { pageInformation } from "@sms/domain/contracts/lists";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { Pagination } from "./pagination";

const searchFor = (page: number) => (page === 1 ? "" : `?sort=name&page=${page}`);

function renderPager(page: number, totalItems: number, size = 10) {
  const router = createMemoryRouter(
    [
      {
        path: "/list",
        element: <Pagination info={pageInformation(page, size, totalItems)} searchForPage={searchFor} />,
      },
    ],
    { initialEntries: [`/list${searchFor(page)}`] },
  );
  render(<RouterProvider router={router} />);
  const nav = screen.getByRole("navigation");
  const pageLinks = () =>
    within(nav)
      .getAllByRole("link")
      .filter((a) => /^Page \d+$/.test(a.getAttribute("aria-label") ?? ""))
      .map((a) => a.textContent);
  return { nav, router, pageLinks };
}

describe("Pagination", () => {
  beforeEach(() => i18next.changeLanguage("en"));
  afterEach(() => i18next.changeLanguage("th"));

  it("shows the first 5 pages at the start, previous unavailable", () => {
    const { nav, pageLinks } = renderPager(1, 200);
    expect(nav).toHaveAccessibleName("Pages");
    expect(pageLinks()).toEqual(["1", "2", "3", "4", "5"]);
    expect(within(nav).getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).queryByRole("link", { name: "Previous" })).toBeNull();
    expect(within(nav).getByText("Previous").closest("[aria-disabled]")).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(within(nav).getByRole("link", { name: "Next" })).toHaveAttribute("href", "/list?sort=name&page=2");
    expect(nav).toHaveTextContent("Page 1 of 20 · 200 items");
  });

  it("centres the window of 5 on a middle page", () => {
    const { nav, pageLinks } = renderPager(10, 200);
    expect(pageLinks()).toEqual(["8", "9", "10", "11", "12"]);
    const current = within(nav).getByRole("link", { name: "Page 10" });
    expect(current).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Page 9" })).not.toHaveAttribute("aria-current");
    expect(within(nav).getByRole("link", { name: "Previous" })).toHaveAttribute(
      "href",
      "/list?sort=name&page=9",
    );
  });

  it("shows the last 5 pages at the end, next unavailable", () => {
    const { nav, pageLinks } = renderPager(20, 200);
    expect(pageLinks()).toEqual(["16", "17", "18", "19", "20"]);
    expect(within(nav).queryByRole("link", { name: "Next" })).toBeNull();
    expect(within(nav).getByRole("link", { name: "Page 20" })).toHaveAttribute("aria-current", "page");
  });

  it("shows fewer links when there are fewer pages", () => {
    expect(renderPager(2, 25).pageLinks()).toEqual(["1", "2", "3"]);
  });

  it("shows page 1 of 1 for an empty list", () => {
    const { nav, pageLinks } = renderPager(1, 0);
    expect(pageLinks()).toEqual(["1"]);
    expect(nav).toHaveTextContent("Page 1 of 1 · 0 items");
  });

  it("lets a reader step back from a page past the end", () => {
    const { nav, pageLinks } = renderPager(9, 25);
    expect(pageLinks()).toEqual(["1", "2", "3"]);
    expect(within(nav).getByRole("link", { name: "Previous" })).toHaveAttribute(
      "href",
      "/list?sort=name&page=3",
    );
  });

  it("is reachable and usable from the keyboard", async () => {
    const { nav, router } = renderPager(1, 200);
    await userEvent.tab();
    expect(within(nav).getByRole("link", { name: "Page 1" })).toHaveFocus();
    await userEvent.tab();
    expect(within(nav).getByRole("link", { name: "Page 2" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(router.state.location.search).toBe("?sort=name&page=2");
  });

  it("speaks Thai in Thai", async () => {
    await i18next.changeLanguage("th");
    const { nav } = renderPager(2, 1, 1);
    expect(nav).toHaveAccessibleName("เลขหน้า");
    expect(nav).toHaveTextContent("ทั้งหมด 1 รายการ");
  });
});
