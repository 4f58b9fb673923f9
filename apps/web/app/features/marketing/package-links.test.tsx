import { toPublicPackage } from "@sms/domain/contracts/marketing";
import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { PackageCards } from "./components/package-cards";
import { initPackages } from "./enhance/packages";

const pkg = (id: number, isTrial = false) =>
  toPublicPackage({
    id,
    name: isTrial ? "Free trial" : `Pack ${id}`,
    months: 1,
    credits: 1500,
    priceSatang: 79_900,
    isTrial,
  });

describe("buy links of the price list (issue 10)", () => {
  beforeEach(() => i18next.changeLanguage("en"));

  it("carry the package into sign-up, and into the cart when signed in", () => {
    render(<PackageCards packages={[pkg(17, true), pkg(1)]} locale="en" />);
    const cards = screen.getAllByRole("listitem").filter((li) => li.dataset.packageId);
    const buy = within(cards[1] as HTMLElement).getByRole("link");
    expect(buy).toHaveAttribute("href", "/en/register?package_id=1");
    expect(buy).toHaveAttribute("data-app-href", "/en/carts?package_id=1");
    const trial = within(cards[0] as HTMLElement).getByRole("link");
    expect(trial).toHaveAttribute("data-app-href", "/en/carts?free_trial=true");
  });

  it("name the live package when the list is refreshed from the API", async () => {
    const { container } = render(<PackageCards packages={[pkg(17, true), pkg(1)]} locale="en" />);
    const fetchMock = vi.fn(async () =>
      Response.json({
        data: {
          entities: [pkg(17, true), pkg(8), pkg(9)],
          page_information: { page: 1, size: 100, total_item: 3, total_pages: 1, limit: 5 },
        },
      }),
    );
    await initPackages(container.ownerDocument, fetchMock as never);
    const links = [...container.querySelectorAll<HTMLAnchorElement>("a[data-package-link]")];
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/en/register?package_id=8",
      "/en/register?package_id=9",
    ]);
    expect(links.map((a) => a.dataset.appHref)).toEqual(["/en/carts?package_id=8", "/en/carts?package_id=9"]);
  });
});
