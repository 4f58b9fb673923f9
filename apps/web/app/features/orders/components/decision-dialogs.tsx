import { ORDER_TEXT_LIMITS, type TAdminOrder, ZRejectOrderRequest } from "@sms/domain/contracts/orders";
import { formatBaht } from "@sms/domain/rules/cart";
import { formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ModalFrame } from "~/components/dialog";
import { Button, FormAlert, Textarea } from "~/components/form";
import { useOrderMessage } from "../lib/messages";

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
  const message = useOrderMessage();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZRejectOrderRequest.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    onConfirm(parsed.data.reason);
  };
  return (
    <ModalFrame title={t("admin.rejectTitle", { id: order.id })} onClose={onCancel} testId="reject-dialog">
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Textarea
          label={t("admin.reason")}
          description={t("admin.reasonHint")}
          isRequired
          value={reason}
          onChange={setReason}
          maxLength={ORDER_TEXT_LIMITS.reason}
          error={message(problem)}
          autoFocus
        />
        <FormAlert>{error}</FormAlert>
        <div className="flex justify-end gap-2">
          <Button variant="gray" onClick={onCancel}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" variant="error" isLoading={busy} data-testid="reject-confirm">
            {t("admin.reject")}
          </Button>
        </div>
      </form>
    </ModalFrame>
  );
}
