import { ORDER_STATUS_LABEL, type OrderStatus } from "@sms/domain/contracts/orders";
import { useTranslation } from "react-i18next";

const TONE: Record<OrderStatus, string> = {
  waiting: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-900",
};

/** Spec §4: "checking" while waiting, then approved or rejected (with the reason the staff gave). */
export function StatusBadge({ status, reason }: { status: OrderStatus; reason?: string | null }) {
  const { t } = useTranslation("orders");
  return (
    <span className="inline-flex flex-col gap-1">
      <span
        className={`inline-block w-fit rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status]}`}
        data-testid="order-status"
      >
        {t(`status.${ORDER_STATUS_LABEL[status]}`)}
      </span>
      {status === "rejected" && reason ? (
        <span className="max-w-xs text-xs break-words text-red-800">{t("status.reason", { reason })}</span>
      ) : null}
    </span>
  );
}
