import type { TPromptPay } from "@sms/domain/contracts/orders";
import { formatBaht } from "@sms/domain/rules/cart";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, spokenName } from "~/components/form";
import { saveBlob } from "~/lib/authorized-files";
import { copyToClipboard } from "~/lib/clipboard";
import { qrImage } from "../lib/qr-image";

/** What a banking app's amount field takes: "6240.00", without the thousands separator. */
export function amountToType(totalSatang: number): string {
  return formatBaht(totalSatang).replaceAll(",", "");
}

/**
 * The PromptPay QR of the exact total, with what the payer checks it against: the payee (the
 * account holder the banking app shows before confirming), the PromptPay id and the amount, each
 * id and amount copyable for a transfer typed by hand. On a phone the QR cannot be scanned by the
 * phone showing it, so "save QR" downloads it as a picture for the banking app's "scan from
 * gallery" (review D11). The QR is drawn from the server's SVG as an image (a data: URL), so
 * nothing in it can run.
 */
export function PromptPayQr({ promptpay, totalSatang }: { promptpay: TPromptPay; totalSatang: number }) {
  const { t } = useTranslation("orders");
  const [saving, setSaving] = useState(false);
  const amount = t("cart.baht", { amount: formatBaht(totalSatang) });
  const copied = { done: t("cart.copied"), failed: t("cart.copyFailed") };

  const save = async () => {
    setSaving(true);
    try {
      const png = await qrImage(promptpay.qr_svg, {
        title: t("cart.qrImageTitle"),
        payee: promptpay.payee_name,
        amount,
      });
      saveBlob(png, `promptpay-${amountToType(totalSatang)}.png`);
    } catch {
      toast.error(t("cart.qrSaveFailed"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <figure
      className="flex flex-col items-center gap-3 rounded-lg border border-gray-200 bg-white p-4"
      data-testid="promptpay"
    >
      <figcaption className="text-center text-sm font-semibold text-gray-900">{t("cart.qrTitle")}</figcaption>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(promptpay.qr_svg)}`}
        alt={t("cart.qrAlt", { amount })}
        className="size-56"
        data-testid="promptpay-qr"
      />
      <Button
        variant="light-primary"
        fullWidth
        onClick={() => void save()}
        isLoading={saving}
        data-testid="promptpay-save"
      >
        {t("cart.qrSave")}
      </Button>
      <p className="text-center text-xs text-gray-600">{t("cart.qrSaveHint")}</p>
      <dl className="w-full divide-y divide-gray-100 text-sm">
        <div className="py-2">
          <dt className="text-gray-600">{t("cart.payee")}</dt>
          <dd className="font-medium text-gray-900" data-testid="promptpay-payee">
            {promptpay.payee_name}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3 py-2">
          <div>
            <dt className="text-gray-600">{t("cart.promptPayId")}</dt>
            <dd className="font-medium tabular-nums text-gray-900" data-testid="promptpay-id">
              {promptpay.id}
            </dd>
          </div>
          <Button
            variant="light-gray"
            size="sm"
            aria-label={spokenName(t("cart.copy"), t("cart.copyId"))}
            onClick={() => void copyToClipboard(promptpay.id, copied)}
            data-testid="promptpay-copy-id"
          >
            {t("cart.copy")}
          </Button>
        </div>
        <div className="flex items-center justify-between gap-3 py-2">
          <div>
            <dt className="text-gray-600">{t("cart.amount")}</dt>
            <dd className="text-base font-bold tabular-nums text-primary-700" data-testid="promptpay-amount">
              {amount}
            </dd>
          </div>
          <Button
            variant="light-gray"
            size="sm"
            aria-label={spokenName(t("cart.copy"), t("cart.copyAmount"))}
            onClick={() => void copyToClipboard(amountToType(totalSatang), copied)}
            data-testid="promptpay-copy-amount"
          >
            {t("cart.copy")}
          </Button>
        </div>
      </dl>
    </figure>
  );
}
