import { CREDIT_REFUND_SORT, type TRefundState } from "@sms/domain/contracts/refunds";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import type { RefundStatus } from "@sms/domain/rules/refund";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, spokenName } from "~/components/form";
import { type DataTableColumn, ListTable, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { useClaimRefund } from "../api/claim-refund";
import { REFUNDS_LIST_KEY } from "../api/keys";
import { useCreditRefunds } from "../api/list-credit-refunds";

type SortKey = (typeof CREDIT_REFUND_SORT.keys)[number];

/** What the row says: the server's state, or "nothing" for a send with no failed credit to give back. */
type ShownStatus = RefundStatus | "nothing";

const TONE: Record<ShownStatus, string> = {
  refunded: "bg-emerald-100 text-emerald-900",
  open: "bg-sky-100 text-sky-900",
  too_early: "bg-amber-100 text-amber-900",
  expired: "bg-gray-100 text-gray-700",
  nothing: "bg-gray-100 text-gray-700",
};

/**
 * A send none of whose messages failed (and none still checking) has nothing to claim: it is not
 * "refundable" nor "not yet" (review D40), which would promise credits that are 0. Before the window
 * opens a message may still fail, so the row says when a claim would open.
 */
/** Whether a send offers "Claim refund" now. */
const claimable = (row: TRefundState) => row.status === "open" && row.refundable_credits > 0;

export function shownStatus(row: TRefundState): ShownStatus {
  if (row.status === "refunded" || row.status === "expired") return row.status;
  return row.failed_credits === 0 && row.checking_messages === 0 ? "nothing" : row.status;
}

/**
 * /reports/credit-refunds (spec §2, §4 "Campaign refund"): each send refunded or still inside its
 * window, its credits, failed credits and refund state, with "Claim refund" on a send that can be
 * refunded now (after a confirmation; a send is refunded once).
 */
export function CreditRefundsTable() {
  const { t } = useTranslation("refunds");
  const locale = useLocale();
  const list = useListParams({ sort: CREDIT_REFUND_SORT, filters: ["search"], key: REFUNDS_LIST_KEY });
  const query = useCreditRefunds(list.request, list.queryKey);
  const claim = useClaimRefund();
  const [chosen, setChosen] = useState<TRefundState | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A refunded send keeps its row but loses its Claim button, which had the focus: the list takes it
  // once the row shows the send refunded.
  const afterRemoval = useFocusAfterDelete(
    chosen !== null,
    query.data?.entities.filter(claimable).map((row) => row.campaign_id),
  );
  const when = (iso: string) => formatDateTime(new Date(iso), locale);

  const close = () => {
    setChosen(null);
    setError(null);
  };

  const confirm = async () => {
    if (!chosen) return;
    try {
      const result = await claim.mutateAsync(chosen.campaign_id);
      toast.success(t("toast.success"), {
        description: t("toast.details", {
          count: result.refunded_credits,
          credits: formatNumber(result.refunded_credits),
          balance: formatNumber(result.balance),
        }),
      });
      afterRemoval.done(chosen.campaign_id);
      close();
    } catch (failure) {
      // A signed-out caller is already on the way to the login page.
      if (isApiError(failure) && failure.signedOut) return close();
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const columns: DataTableColumn<TRefundState, SortKey>[] = [
    {
      title: t("table.name"),
      key: "name",
      class: "min-w-40",
      cell: (row) => (
        <span className="flex flex-col">
          <span className="font-medium break-words text-gray-900">{row.name}</span>
          <span className="text-xs text-gray-500">{t(`kind.${row.kind}`)}</span>
        </span>
      ),
    },
    {
      title: t("table.sentAt"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (row) => when(row.sent_at),
    },
    {
      title: t("table.credits"),
      key: "credits",
      class: "text-right whitespace-nowrap",
      cell: (row) => formatNumber(row.credits),
    },
    {
      title: t("table.failedCredits"),
      key: "failed_credits",
      class: "text-right whitespace-nowrap",
      cell: (row) => formatNumber(row.failed_credits),
    },
    {
      title: t("table.status"),
      key: "status",
      class: "min-w-44",
      cell: (row) => {
        const shown = shownStatus(row);
        return (
          <span className="flex flex-col gap-1">
            <span
              className={`inline-block w-fit rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[shown]}`}
              data-testid={`refund-status-${row.campaign_id}`}
            >
              {t(`status.${shown}`)}
            </span>
            <span className="text-xs text-gray-600">
              {shown === "refunded" && row.refunded_at
                ? t("detail.refunded", {
                    count: row.refunded_credits,
                    credits: formatNumber(row.refunded_credits),
                    at: when(row.refunded_at),
                  })
                : shown === "nothing"
                  ? row.status === "too_early"
                    ? t("detail.nothingYet", { at: when(row.opens_at) })
                    : t("detail.nothing")
                  : shown === "too_early"
                    ? t("detail.tooEarly", { at: when(row.opens_at) })
                    : shown === "open" && row.checking_messages > 0
                      ? t("detail.checking", { count: row.checking_messages })
                      : shown === "open"
                        ? t("detail.open", {
                            count: row.refundable_credits,
                            credits: formatNumber(row.refundable_credits),
                            at: when(row.closes_at),
                          })
                        : t("detail.expired", { at: when(row.closes_at) })}
            </span>
          </span>
        );
      },
    },
    {
      title: t("table.action"),
      key: "action",
      card: "actions",
      class: "whitespace-nowrap",
      cell: (row) =>
        claimable(row) ? (
          <Button
            size="sm"
            variant="light-primary"
            onClick={() => setChosen(row)}
            aria-label={spokenName(t("table.claim"), t("table.claimLabel", { name: row.name }))}
            data-testid={`claim-${row.campaign_id}`}
          >
            {t("table.claim")}
          </Button>
        ) : null,
    },
  ];

  return (
    // Not a landmark: the list inside is the region named by the same caption (axe landmark-unique).
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="credit-refunds-region">
      <ListTable
        caption={t("table.caption")}
        hideCaption
        columns={columns}
        rowKey={(row) => row.campaign_id}
        emptyText={t("table.empty")}
        skeletonRows={5}
        page={query.data}
        query={query}
        list={list}
      />
      <ConfirmDialog
        isOpen={chosen !== null}
        title={t("confirm.title")}
        body={t("confirm.body", {
          count: chosen?.refundable_credits ?? 0,
          credits: formatNumber(chosen?.refundable_credits ?? 0),
          name: chosen?.name ?? "",
        })}
        confirmLabel={t("confirm.confirm")}
        cancelLabel={t("confirm.cancel")}
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
