import type { TPromptPay } from "@sms/domain/contracts/orders";
import { formatBaht } from "@sms/domain/rules/cart";
import { useTranslation } from "react-i18next";

/**
 * The PromptPay QR of the exact total. Drawn from the server's SVG as an image (a data: URL), so
 * nothing in it can run; the amount is written beside it for those who transfer by hand.
 */
export function PromptPayQr({ promptpay, totalSatang }: { promptpay: TPromptPay; totalSatang: number }) {
  const { t } = useTranslation("orders");
  const amount = t("cart.baht", { amount: formatBaht(totalSatang) });
  return (
    <figure className="flex flex-col items-center gap-2 rounded-lg border border-gray-200 bg-white p-4">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(promptpay.qr_svg)}`}
        alt={t("cart.qrAlt", { amount })}
        className="size-56"
        data-testid="promptpay-qr"
      />
      <figcaption className="text-center text-sm text-gray-700">
        <span className="block font-semibold">{t("cart.qrTitle")}</span>
        <span className="block">{t("cart.qrAmount", { amount })}</span>
        <span className="block text-gray-500">{t("cart.qrAccount", { id: promptpay.id_hint })}</span>
      </figcaption>
    </figure>
  );
}
