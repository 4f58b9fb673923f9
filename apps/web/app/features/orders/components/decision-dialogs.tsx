import { ORDER_TEXT_LIMITS, type TAdminOrder, ZRejectOrderRequest } from "@sms/domain/contracts/orders";
import { formatBaht } from "@sms/domain/rules/cart";
import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { ModalFrame, TextDialog } from "~/components/dialog";
import { Button, FormAlert, useMessageText } from "~/components/form";

interface DecisionProps {
  order: TAdminOrder;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
}

/** Approving adds credits at once: staff confirm what they grant, to whom. */
export function ApproveDialog({
  order,
  busy,
  error,
  onCancel,
  onConfirm,
}: DecisionProps & { onConfirm: () => void }) {
  const { t } = useTranslation("orders");
  return (
    <ModalFrame
      title={t("admin.approveTitle", { id: order.id })}
      role="alertdialog"
      onClose={onCancel}
      testId="approve-dialog"
    >
      <div className="mt-4 space-y-4">
        <p className="text-gray-700">
          {t("admin.approveBody", {
            credits: formatNumber(order.credits),
            organization: order.organization_name,
            amount: formatBaht(order.total_satang),
          })}
        </p>
        <FormAlert>{error}</FormAlert>
        <div className="flex justify-end gap-2">
          <Button variant="gray" onClick={onCancel}>
            {t("admin.cancel")}
          </Button>
          <Button variant="submit" onClick={onConfirm} isLoading={busy} data-testid="approve-confirm">
            {t("admin.approve")}
          </Button>
        </div>
      </div>
    </ModalFrame>
  );
}

/** Rejecting needs the reason the customer will read on /orders and in the e-mail. */
export function RejectDialog({
  order,
  busy,
  error,
  onCancel,
  onConfirm,
}: DecisionProps & { onConfirm: (reason: string) => void }) {
  const { t } = useTranslation("orders");
  const message = useMessageText();
  return (
    <TextDialog
      title={t("admin.rejectTitle", { id: order.id })}
      label={t("admin.reason")}
      description={t("admin.reasonHint")}
      isRequired
      maxLength={ORDER_TEXT_LIMITS.reason}
      validate={(reason) => {
        const parsed = ZRejectOrderRequest.safeParse({ reason });
        return parsed.success
          ? { ok: true, value: parsed.data.reason }
          : { ok: false, problem: parsed.error.issues[0]?.message };
      }}
      message={message}
      confirmLabel={t("admin.reject")}
      cancelLabel={t("admin.cancel")}
      confirmTestId="reject-confirm"
      testId="reject-dialog"
      busy={busy}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
