import { uploadAccept } from "@sms/domain/contracts/files";
import type { TOrder } from "@sms/domain/contracts/orders";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useAttachWhtCertificate } from "../api/attach-wht-certificate";
import { uploadWithProgress } from "../lib/authorized";
import { FileButton } from "./file-button";

/** An order that deducted withholding tax and was not rejected owes the seller its 50 ทวิ. */
export function takesWhtCertificate(order: Pick<TOrder, "withholding_tax_satang" | "status">): boolean {
  return order.withholding_tax_satang > 0 && order.status !== "rejected";
}

/**
 * A juristic order's 50 ทวิ certificate on /orders (review D14): the attached one to open, and a
 * file button that uploads a certificate and attaches it (or replaces the one attached).
 */
export function WhtCertificateCell({ order }: { order: TOrder }) {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const id = useId();
  const attach = useAttachWhtCertificate();
  const [progress, setProgress] = useState<number | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const stored = await uploadWithProgress("withholding_certificate", file, locale, (sent) =>
        setProgress(Math.min(sent, 0.99)),
      );
      await attach.mutateAsync({ orderId: order.id, fileId: stored.id });
      toast.success(t("wht.attached", { id: order.id }));
    } catch (e) {
      toast.error(isApiError(e) ? (e.details[0]?.message ?? e.message) : t("proof.failed"));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <span className="flex flex-col gap-1" data-testid={`wht-${order.id}`}>
      {order.wht_certificate_file_id ? (
        <FileButton
          path={`/c/files/${order.wht_certificate_file_id}`}
          label={t("wht.view")}
          testId={`wht-view-${order.id}`}
        />
      ) : (
        <span className="text-xs text-amber-800">{t("wht.missing")}</span>
      )}
      <input
        id={id}
        type="file"
        accept={uploadAccept("withholding_certificate")}
        disabled={busy}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = "";
        }}
        className="peer sr-only"
        data-testid={`wht-input-${order.id}`}
      />
      <label
        htmlFor={id}
        aria-busy={busy || undefined}
        className="cursor-pointer text-start text-primary-700 underline peer-focus-visible:outline-2 peer-focus-visible:outline-primary-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        {busy
          ? t("proof.uploading", { percent: Math.round((progress ?? 0) * 100) })
          : order.wht_certificate_file_id
            ? t("wht.replace")
            : t("wht.attach")}
        <span className="sr-only"> #{order.id}</span>
      </label>
    </span>
  );
}
