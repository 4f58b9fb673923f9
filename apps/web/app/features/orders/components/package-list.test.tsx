import { toPublicPackage } from "@sms/domain/contracts/marketing";
import { marketingEndpoints } from "@sms/domain/endpoints/marketing";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { page } from "../../../../test/factories";
import { mockEndpoint } from "../../../../test/msw";
import { renderApp } from "../../../../test/render";
import { PackageList } from "./package-list";

beforeEach(() => {
  mockEndpoint(
    marketingEndpoints.listPackages,
    page(
      [
        toPublicPackage({
          id: 3,
          name: "Standard",
          months: 6,
          credits: 20_000,
          priceSatang: 600_000,
          isTrial: false,
        }),
        toPublicPackage({
          id: 17,
          name: "Free trial",
          months: 1,
          credits: 50,
          priceSatang: 0,
          isTrial: true,
        }),
      ],
      { size: 100 },
    ),
  );
});

describe("PackageList", () => {
  it("says under each price that VAT is not included (review D10), in Thai", async () => {
    await renderApp(<PackageList />, { path: "/subscriptions" });
    const list = await screen.findByTestId("package-list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByText("6,000.00 บาท")).toBeInTheDocument();
    expect(screen.getByTestId("vat-note-3")).toHaveTextContent("ราคายังไม่รวมภาษีมูลค่าเพิ่ม 7%");
  });

  it("and in English", async () => {
    await renderApp(<PackageList />, { path: "/en/subscriptions" });
    expect(await screen.findByTestId("vat-note-3")).toHaveTextContent("Price excludes 7% VAT");
  });
});
