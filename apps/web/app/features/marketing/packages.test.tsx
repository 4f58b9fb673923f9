import { type TPublicPackage, toPublicPackage } from "@sms/domain/contracts/marketing";
import { render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { PackageCards } from "./components/package-cards";
import { initPackages, PACKAGES_URL } from "./enhance/packages";

const pkg = (id: number, credits: number, priceSatang: number, months = 1, isTrial = false) =>
  toPublicPackage({ id, name: isTrial ? "Free trial" : `Pack ${id}`, months, credits, priceSatang, isTrial });

const built: TPublicPackage[] = [
  pkg(17, 50, 0, 1, true),
  pkg(1, 1500, 79_900),
  pkg(5, 500_000, 9_500_000, 12),
];

describe("price list", () => {
  beforeEach(() => i18next.changeLanguage("en"));

  it("shows the price per SMS and marks the best value", () => {
    render(<PackageCards packages={built} locale="en" />);
    const cards = screen.getAllByRole("listitem").filter((li) => li.dataset.packageId);
    expect(cards).toHaveLength(3);
    const trial = within(cards[0] as HTMLElement);
    expect(trial.getByRole("heading", { name: "Free trial" })).toBeInTheDocument();
    expect(trial.getByRole("link", { name: "Register for free credits" })).toHaveAttribute(
      "href",
      "/en/register",
    );
    expect(cards[1]).toHaveTextContent("799 baht");
    expect(cards[1]).toHaveTextContent("0.53 baht/SMS");
    expect(cards[1]).toHaveTextContent("Valid for 1 month");
    expect(cards[2]).toHaveTextContent("0.19 baht/SMS");
    expect(cards[2]).toHaveTextContent("Valid for 12 months");
    expect(within(cards[2] as HTMLElement).getByText("Best value")).toBeVisible();
    expect(within(cards[1] as HTMLElement).getByText("Best value")).not.toBeVisible();
  });

  it("replaces the build-time list with the live API answer", async () => {
    const live = [pkg(17, 100, 0, 1, true), pkg(1, 2000, 80_000, 2), pkg(9, 1_000_000, 15_000_000, 12)];
    const fetchMock = vi.fn(async () =>
      Response.json({
        data: {
          entities: live,
          page_information: { page: 1, size: 100, total_item: 3, total_pages: 1, limit: 5 },
        },
      }),
    );
    render(
      <>
        <span data-min-price={i18next.t("marketing:cta.fromPrice")}>old</span>
        <PackageCards packages={built} locale="en" />
      </>,
    );
    await initPackages(document, fetchMock);
    expect(fetchMock).toHaveBeenCalledWith(PACKAGES_URL, expect.anything());
    await waitFor(() =>
      expect(document.querySelector("[data-packages-list]")).toHaveAttribute("data-live", "true"),
    );
    const cards = Array.from(document.querySelectorAll<HTMLElement>("[data-package-id]"));
    expect(cards.map((c) => c.dataset.packageId)).toEqual(["17", "1", "9"]);
    expect(cards[0]).toHaveTextContent("100 SMS");
    expect(cards[1]).toHaveTextContent("Pack 1");
    expect(cards[1]).toHaveTextContent("800 baht");
    expect(cards[1]).toHaveTextContent("2,000 SMS");
    expect(cards[1]).toHaveTextContent("Valid for 2 months");
    expect(cards[1]).toHaveTextContent("0.40 baht/SMS");
    expect(within(cards[1] as HTMLElement).getByRole("link")).toHaveAccessibleName(
      "Choose this package (Pack 1)",
    );
    expect(cards[2]).toHaveTextContent("Pack 9");
    expect(cards[2]).toHaveTextContent("0.15 baht/SMS");
    expect(within(cards[2] as HTMLElement).getByText("Best value")).toBeVisible();
    expect(document.querySelector("[data-min-price]")).toHaveTextContent("From as low as 0.15 baht per SMS");
  });

  it("keeps the prerendered list when the API is unreachable", async () => {
    render(<PackageCards packages={built} locale="en" />);
    await initPackages(
      document,
      vi.fn(async () => new Response("down", { status: 503 })),
    );
    expect(document.querySelectorAll("[data-package-id]")).toHaveLength(3);
    expect(document.querySelector("[data-packages-list]")).not.toHaveAttribute("data-live");
  });
});
