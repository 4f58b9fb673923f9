import type { TRefundState } from "@sms/domain/contracts/refunds";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button } from "~/components/form";
import { useClaimRefund } from "~/features/refunds";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { campaignKey } from "../api/keys";

/**
 * Spec §4 "Campaign refund" for one send: the credits a claim would give back now and the window
 * (24 h to 30 days after sending), with "Claim refund" (after a confirmation) while it is open and
 * none of its messages is still checking status (ADR 55: the claim waits for them).
 */
export function RefundCard({ refund }: { refund: TRefundState }) {
  const { t } = useTranslation("campaign-reports");
  const locale = useLocale();
  const client = useQueryClient();
  const claim = useClaimRefund();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A date and its time stay on one line in a narrow card (D39).
  const when = (iso: string) => formatDateTime(new Date(iso), locale).replace(/ /g, "\u00a0");

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const confirm = async () => {
    try {
      const result = await claim.mutateAsync(refund.campaign_id);
      toast.success(t("refund.success"), {
        description: t("refund.successDetails", {
          count: result.refunded_credits,
          credits: formatNumber(result.refunded_credits),
          balance: formatNumber(result.balance),
        }),
      });
      void client.invalidateQueries({ queryKey: campaignKey(refund.campaign_id) });
      close();
    } catch (failure) {
      if (isApiError(failure) && failure.signedOut) return close();
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const canClaim = refund.status === "open" && refund.refundable_credits > 0;
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 sm:col-span-2" data-testid="refund-card">
      <dt className="text-sm text-gray-600">{t("summary.refundable")}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-gray-900" data-testid="refundable-credits">
        {formatNumber(refund.refundable_credits)}
      </dd>
      <dd className="mt-1 text-sm text-gray-700" data-testid="refund-window">
        {refund.status === "refunded" && refund.refunded_at
          ? t("refund.refunded", {
              count: refund.refunded_credits,
              credits: formatNumber(refund.refunded_credits),
              at: when(refund.refunded_at),
            })
          : refund.status === "too_early"
            ? t("refund.tooEarly", { at: when(refund.opens_at), until: when(refund.closes_at) })
            : refund.status === "open" && refund.checking_messages > 0
              ? t("refund.checking", { count: refund.checking_messages })
              : refund.status === "open"
                ? t("refund.open", { at: when(refund.closes_at) })
                : t("refund.expired", { at: when(refund.closes_at) })}
      </dd>
      {canClaim ? (
        <dd className="mt-3">
          <Button variant="light-primary" size="sm" onClick={() => setOpen(true)} data-testid="claim-refund">
            {t("refund.claim")}
          </Button>
        </dd>
      ) : null}
      <ConfirmDialog
        isOpen={open}
        title={t("refund.confirmTitle")}
        body={t("refund.confirmBody", {
          count: refund.refundable_credits,
          credits: formatNumber(refund.refundable_credits),
          name: refund.name,
        })}
        confirmLabel={t("refund.confirm")}
        cancelLabel={t("refund.cancel")}
        variant="primary"
        isPending={claim.isPending}
        error={error}
        confirmTestId="confirm-refund"
        onConfirm={() => void confirm()}
        onCancel={close}
      />
    </div>
  );
}
