import type { TMessage } from "@sms/domain/contracts/campaigns";
import { refundWindow } from "@sms/domain/rules/refund";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useClaimMessageRefund } from "../api/claim-message-refund";

/**
 * Whether a message may be claimed back on its own (spec §4 refunds, issue 13 point 5): one outside
 * a campaign (instant, API, OTP), finally failed, between 24 h and 30 days after it was sent. The
 * server decides (and refuses a second claim); the button is only offered where it can succeed.
 */
export function mayClaimRefund(message: TMessage, now: Date): boolean {
  if (message.type === "campaign" || message.status !== "failed" || message.credits === 0) return false;
  return refundWindow(new Date(message.submitted_at ?? message.created_at), now) === "open";
}

/** "Claim refund" on a message's row: asks first, then says what came back. */
export function MessageRefundButton({ message, onClaimed }: { message: TMessage; onClaimed: () => void }) {
  const { t } = useTranslation("messages");
  const claim = useClaimMessageRefund();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      const result = await claim.mutateAsync(message.id);
      setAsking(false);
      onClaimed();
      toast.success(t("refund.done", { count: result.refunded_credits, credits: result.refunded_credits }));
    } catch (e) {
      setError(isApiError(e) ? e.message : t("refund.failed"));
    }
  };

  return (
    <>
      <Button
        variant="light-primary"
        size="sm"
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
        data-testid={`message-refund-${message.id}`}
      >
        {t("refund.claim")}
      </Button>
      <ConfirmDialog
        isOpen={asking}
        title={t("refund.title")}
        body={t("refund.body", { count: message.credits, credits: message.credits })}
        confirmLabel={t("refund.claim")}
        cancelLabel={t("refund.cancel")}
        variant="primary"
        isPending={claim.isPending}
        error={error}
        confirmTestId="message-refund-confirm"
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
