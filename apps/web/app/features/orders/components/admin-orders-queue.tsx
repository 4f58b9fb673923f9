import {
  ADMIN_ORDER_SORT,
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_STATUSES,
  type OrderStatus,
  type TAdminOrder,
} from "@sms/domain/contracts/orders";
import { formatBaht } from "@sms/domain/rules/cart";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { type DataTableColumn, ListTable } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { type OrderDecision, useDecideOrder } from "../api/decide-order";
import { ADMIN_ORDERS_QUERY_KEY, useAdminOrders } from "../api/list-admin-orders";
import { ApproveDialog, RejectDialog } from "./decision-dialogs";
import { ProofPreview } from "./proof-preview";
import { StatusBadge } from "./status-badge";

type SortKey = (typeof ADMIN_ORDER_SORT.keys)[number];
type Pending = { order: TAdminOrder; decision: "approve" | "reject" } | null;

/**
 * The staff's orders queue (issue 10 point 5): waiting orders first by default, the proof viewable,
 * approve after a confirmation, reject with the reason the customer reads.
 */
export function AdminOrdersQueue() {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const filterId = useId();
  const list = useListParams({
    sort: ADMIN_ORDER_SORT,
    filters: ["status"],
    defaultSize: ADMIN_ORDERS_PAGE_SIZE,
    key: ADMIN_ORDERS_QUERY_KEY,
  });
  const status = (list.filters.status ?? "waiting") as OrderStatus | "all";
  const query = useAdminOrders({ ...list.request, status: status === "all" ? "" : status }, [
    ...list.queryKey,
    status,
  ]);
  const decide = useDecideOrder();
  const [pending, setPending] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setError(null);
  };
  const run = async (input: OrderDecision) => {
    setError(null);
    try {
      const order = await decide.mutateAsync(input);
      toast.success(
        order.status === "approved"
          ? t("admin.approved", { id: order.id, document: order.document_number ?? "" })
          : t("admin.rejected", { id: order.id }),
      );
      close();
    } catch (e) {
      setError(isApiError(e) ? e.message : t("file.failed"));
    }
  };

  const columns: DataTableColumn<TAdminOrder, SortKey>[] = [
    {
      title: t("table.createdAt"),
      key: "created_at",
      sort: true,
      class: "whitespace-nowrap",
      cell: (o) => (
        <>
          <span className="block">{formatDateTime(new Date(o.created_at), locale)}</span>
          <span className="text-xs text-gray-500">#{o.id}</span>
        </>
      ),
    },
    {
      title: t("admin.buyer"),
      key: "buyer",
      class: "min-w-48",
      cell: (o) => (
        <>
          <span className="block font-medium text-gray-900">{o.organization_name}</span>
          <span className="block text-gray-700">
            {o.buyer_name} · {t(`buyer.${o.buyer_type}`)}
          </span>
          {o.buyer_tax_id ? (
            <span className="block text-xs text-gray-500">
              {t("admin.taxLine", { taxId: o.buyer_tax_id, branch: o.buyer_branch ?? "-" })}
            </span>
          ) : null}
          {o.user_email ? <span className="block text-xs text-gray-500">{o.user_email}</span> : null}
        </>
      ),
    },
    {
      title: t("table.package"),
      key: "package_name",
      cell: (o) => (
        <>
          <span className="block">{o.package_name}</span>
          <span className="text-xs text-gray-500">
            {t("table.creditsValue", { credits: formatNumber(o.credits) })}
          </span>
        </>
      ),
    },
    {
      title: t("table.price"),
      key: "total",
      sort: true,
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (o) => t("cart.baht", { amount: formatBaht(o.total_satang) }),
    },
    {
      title: t("table.status"),
      key: "status",
      sort: true,
      cell: (o) => (
        <>
          <StatusBadge status={o.status} reason={o.reject_reason} />
          {o.document_number ? (
            <span className="block text-xs text-gray-500">{o.document_number}</span>
          ) : null}
        </>
      ),
    },
    {
      title: t("table.proof"),
      key: "proof",
      cell: (o) => (o.proof_file_id ? <ProofPreview fileId={o.proof_file_id} orderId={o.id} /> : "-"),
    },
    {
      title: t("admin.actions"),
      key: "actions",
      cell: (o) =>
        o.status === "waiting" ? (
          <span className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="submit"
              onClick={() => setPending({ order: o, decision: "approve" })}
              data-testid={`approve-${o.id}`}
            >
              {t("admin.approve")}
              <span className="sr-only"> #{o.id}</span>
            </Button>
            <Button
              size="sm"
              variant="light-error"
              onClick={() => setPending({ order: o, decision: "reject" })}
              data-testid={`reject-${o.id}`}
            >
              {t("admin.reject")}
              <span className="sr-only"> #{o.id}</span>
            </Button>
          </span>
        ) : null,
    },
  ];

  const data = query.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={filterId} className="block text-sm font-medium text-gray-800">
            {t("admin.statusFilter")}
          </label>
          <select
            id={filterId}
            value={status}
            onChange={(event) => list.setFilters({ status: event.target.value })}
            className="mt-1 min-h-10 rounded-md border border-gray-300 px-3"
            data-testid="status-filter"
          >
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin.filter.${s}`)}
              </option>
            ))}
            <option value="all">{t("admin.filter.all")}</option>
          </select>
        </div>
      </div>
      <ListTable
        caption={t("admin.caption")}
        hideCaption
        columns={columns}
        rowKey={(o) => o.id}
        emptyText={t("admin.empty")}
        skeletonRows={5}
        page={data}
        query={query}
        list={list}
      />
      {pending?.decision === "approve" ? (
        <ApproveDialog
          order={pending.order}
          busy={decide.isPending}
          error={error}
          onCancel={close}
          onConfirm={() => void run({ id: pending.order.id, decision: "approve" })}
        />
      ) : null}
      {pending?.decision === "reject" ? (
        <RejectDialog
          order={pending.order}
          busy={decide.isPending}
          error={error}
          onCancel={close}
          onConfirm={(reason) => void run({ id: pending.order.id, decision: "reject", reason })}
        />
      ) : null}
    </div>
  );
}
