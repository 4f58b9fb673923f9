import type { BuyerType, TCartTotals } from "@sms/domain/contracts/orders";
import { formatBaht } from "@sms/domain/rules/cart";
import { useTranslation } from "react-i18next";

/**
 * The cart's money (spec §3 Cart totals, DESIGN §6) in the tax invoice's order: sub total, VAT 7%,
 * and for a juristic buyer the total with VAT, then the 3% withholding tax deducted from it; last
 * the total to transfer, as the server computed them.
 */
export function CartTotals({ totals, buyerType }: { totals: TCartTotals; buyerType: BuyerType }) {
  const { t } = useTranslation("orders");
  const baht = (satang: number) => t("cart.baht", { amount: formatBaht(satang) });
  const rows = [
    { key: "subTotal", label: t("cart.subTotal"), value: baht(totals.sub_total_satang) },
    { key: "vat", label: t("cart.vat", { percent: totals.vat_percent }), value: baht(totals.vat_satang) },
    ...(buyerType === "juristic"
      ? [
          {
            key: "totalWithVat",
            label: t("cart.totalWithVat"),
            value: baht(totals.total_with_vat_satang),
          },
          {
            key: "wht",
            label: t("cart.withholdingTax", { percent: totals.withholding_tax_percent }),
            value: `-${baht(totals.withholding_tax_satang)}`,
          },
        ]
      : []),
  ];
  return (
    <dl className="divide-y divide-gray-200 text-sm" data-testid="cart-totals">
      {rows.map((row) => (
        <div key={row.key} className="flex justify-between gap-4 py-2" data-testid={`cart-${row.key}`}>
          <dt className="text-gray-600">{row.label}</dt>
          <dd className="font-medium tabular-nums text-gray-900">{row.value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 py-3 text-base" data-testid="cart-total">
        <dt className="font-semibold text-gray-900">{t("cart.total")}</dt>
        <dd className="font-bold tabular-nums text-primary-700">{baht(totals.total_satang)}</dd>
      </div>
    </dl>
  );
}
