import { render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { CartTotals } from "./cart-totals";

const totals = (withholding: number) => ({
  sub_total_satang: 79_900,
  vat_satang: 5_593,
  total_with_vat_satang: 85_493,
  withholding_tax_satang: withholding,
  total_satang: 79_900 + 5_593 - withholding,
  sub_total: 799,
  vat: 55.93,
  total_with_vat: 854.93,
  withholding_tax: withholding / 100,
  total: (79_900 + 5_593 - withholding) / 100,
  vat_percent: 7,
  withholding_tax_percent: 3,
});

describe("CartTotals", () => {
  beforeEach(() => i18next.changeLanguage("en"));

  it("shows sub total, VAT 7% and the total for an individual, without a withholding-tax line", () => {
    render(<CartTotals totals={totals(0)} buyerType="individual" />);
    expect(within(screen.getByTestId("cart-subTotal")).getByText("799.00 THB")).toBeInTheDocument();
    expect(screen.getByTestId("cart-vat")).toHaveTextContent("VAT 7%55.93 THB");
    expect(screen.queryByTestId("cart-wht")).not.toBeInTheDocument();
    expect(screen.queryByTestId("cart-totalWithVat")).not.toBeInTheDocument();
    expect(screen.getByTestId("cart-total")).toHaveTextContent("Total to transfer854.93 THB");
  });

  it("shows the total with VAT, then deducts withholding tax 3% for a juristic buyer, as the tax invoice does", () => {
    render(<CartTotals totals={totals(2_397)} buyerType="juristic" />);
    const rows = within(screen.getByTestId("cart-totals"))
      .getAllByRole("term")
      .map((term) => term.parentElement?.textContent);
    expect(rows).toEqual([
      "Sub total799.00 THB",
      "VAT 7%55.93 THB",
      "Total incl. VAT854.93 THB",
      "Less withholding tax 3%-23.97 THB",
      "Total to transfer830.96 THB",
    ]);
  });

  it("reads in Thai with thousands separators", async () => {
    await i18next.changeLanguage("th");
    render(
      <CartTotals
        totals={{ ...totals(0), sub_total_satang: 2_500_000, vat_satang: 175_000, total_satang: 2_675_000 }}
        buyerType="individual"
      />,
    );
    expect(screen.getByTestId("cart-total")).toHaveTextContent("ยอดที่ต้องโอน26,750.00 บาท");
  });
});
