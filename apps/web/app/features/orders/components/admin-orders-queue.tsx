import {
  ADMIN_ORDER_SORT,
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_STATUSES,
  type OrderStatus,
  type TAdminOrder,
} from "@sms/domain/contracts/orders";
import { formatBaht, VAT_PERCENT, WITHHOLDING_TAX_PERCENT } from "@sms/domain/rules/cart";
import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  type DataTableColumn,
  DecisionButtons,
  DecisionQueue,
  queuedAtColumn,
  useQueueDecision,
  useQueueList,
} from "~/components/table";
import { useLocale } from "~/lib/locale";
import { type OrderDecision, useDecideOrder } from "../api/decide-order";
import { ADMIN_ORDERS_QUERY_KEY, useAdminOrders } from "../api/list-admin-orders";
import { ApproveDialog, RejectDialog } from "./decision-dialogs";
import { FileButton } from "./file-button";
import { ProofPreview } from "./proof-preview";
import { StatusBadge } from "./status-badge";

type SortKey = (typeof ADMIN_ORDER_SORT.keys)[number];

/** Any organization's receipt / tax invoice, for staff (receipts module). */
export function adminReceiptPath(id: number, lang: "th" | "en"): string {
  return `/admin/orders/${id}/receipt?lang=${lang}`;
}

/** The money of an order as its tax invoice reads: value, VAT, total with VAT, less WHT, transferred (review D19). */
function AmountBreakdown({ order }: { order: TAdminOrder }) {
  const { t } = useTranslation("orders");
  const baht = (satang: number) => formatBaht(satang);
  const rows: [string, string, string][] = [
    ["subTotal", t("cart.subTotal"), baht(order.sub_total_satang)],
    ["vat", t("cart.vat", { percent: VAT_PERCENT }), baht(order.vat_satang)],
    ...(order.withholding_tax_satang > 0
      ? ([
          ["totalWithVat", t("cart.totalWithVat"), baht(order.sub_total_satang + order.vat_satang)],
          [
            "wht",
            t("cart.withholdingTax", { percent: WITHHOLDING_TAX_PERCENT }),
            `-${baht(order.withholding_tax_satang)}`,
          ],
        ] as [string, string, string][])
      : []),
  ];
  return (
    <dl className="space-y-0.5 text-xs text-gray-600" data-testid={`amount-${order.id}`}>
      {rows.map(([key, label, value]) => (
        <div key={key} className="flex justify-end gap-3">
          <dt>{label}</dt>
          <dd className="tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-end gap-3 text-sm font-semibold text-gray-900">
        <dt>{t("cart.total")}</dt>
        <dd className="tabular-nums">{t("cart.baht", { amount: baht(order.total_satang) })}</dd>
      </div>
    </dl>
  );
}
type Pending = { order: TAdminOrder; decision: "approve" | "reject" };

/**
 * The staff's orders queue (issue 10 point 5): waiting orders first by default, the proof viewable,
 * approve after a confirmation, reject with the reason the customer reads.
 */
export function AdminOrdersQueue() {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const { list, status, request, queryKey } = useQueueList({
    sort: ADMIN_ORDER_SORT,
    defaultSize: ADMIN_ORDERS_PAGE_SIZE,
    key: ADMIN_ORDERS_QUERY_KEY,
    defaultStatus: "waiting" as OrderStatus,
  });
  const query = useAdminOrders(request, queryKey);
  const { pending, setPending, error, close, run, busy } = useQueueDecision<
    Pending,
    OrderDecision,
    TAdminOrder
  >(useDecideOrder(), {
    announce: (order) =>
      toast.success(
        order.status === "approved"
          ? t("admin.approved", { id: order.id, document: order.document_number ?? "" })
          : t("admin.rejected", { id: order.id }),
      ),
    failed: t("file.failed"),
  });

  const columns: DataTableColumn<TAdminOrder, SortKey>[] = [
    queuedAtColumn(t("table.createdAt"), locale),
    {
      title: t("admin.buyer"),
      key: "buyer",
      card: "title",
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
          {o.buyer_address ? (
            <span className="block text-xs text-gray-500" data-testid={`address-${o.id}`}>
              {o.buyer_address}
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
      cell: (o) => <AmountBreakdown order={o} />,
    },
    {
      title: t("table.status"),
      key: "status",
      sort: true,
      cell: (o) => (
        <>
          <StatusBadge status={o.status} reason={o.reject_reason} />
          {o.document_number ? (
            <span className="block whitespace-nowrap text-xs text-gray-500">{o.document_number}</span>
          ) : null}
          {o.status === "approved" && o.document_number ? (
            <span className="mt-1 flex flex-col gap-1 text-sm">
              <FileButton
                path={adminReceiptPath(o.id, "th")}
                label={t("table.receiptTh")}
                saveAs={`${o.document_number}-th.pdf`}
                testId={`admin-receipt-th-${o.id}`}
              />
              <FileButton
                path={adminReceiptPath(o.id, "en")}
                label={t("table.receiptEn")}
                saveAs={`${o.document_number}-en.pdf`}
                testId={`admin-receipt-en-${o.id}`}
              />
            </span>
          ) : null}
        </>
      ),
    },
    {
      title: t("table.proof"),
      key: "proof",
      cell: (o) => (
        <span className="flex flex-col items-start gap-2">
          {o.proof_file_id ? <ProofPreview fileId={o.proof_file_id} orderId={o.id} /> : "-"}
          {o.same_proof_orders.length > 0 ? (
            <span className="text-xs font-semibold text-red-800" data-testid={`same-proof-${o.id}`}>
              {t("admin.sameProof", {
                count: o.same_proof_orders.length,
                orders: o.same_proof_orders.map((id) => `#${id}`).join(", "),
              })}
            </span>
          ) : null}
          {o.wht_certificate_file_id ? (
            <FileButton
              path={`/c/files/${o.wht_certificate_file_id}`}
              label={t("wht.view")}
              testId={`admin-wht-${o.id}`}
            />
          ) : o.withholding_tax_satang > 0 ? (
            <span className="text-xs text-amber-800">{t("wht.missing")}</span>
          ) : null}
        </span>
      ),
    },
    {
      title: t("admin.actions"),
      key: "actions",
      cell: (o) =>
        o.status === "waiting" ? (
          <DecisionButtons
            name={`#${o.id}`}
            approve={{
              label: t("admin.approve"),
              onClick: () => setPending({ order: o, decision: "approve" }),
              testId: `approve-${o.id}`,
            }}
            refuse={{
              label: t("admin.reject"),
              onClick: () => setPending({ order: o, decision: "reject" }),
              testId: `reject-${o.id}`,
            }}
          />
        ) : null,
    },
  ];

  return (
    <DecisionQueue
      queue={{ list, status }}
      statuses={ORDER_STATUSES}
      query={query}
      columns={columns}
      words={{
        statusLabel: t("admin.statusFilter"),
        optionLabel: (s) => t(`admin.filter.${s}`),
        searchLabel: t("admin.search"),
        searchHint: t("admin.searchHint"),
        searchButton: t("admin.searchButton"),
        caption: t("admin.caption"),
        empty: t("admin.empty"),
      }}
    >
      {pending?.decision === "approve" ? (
        <ApproveDialog
          order={pending.order}
          busy={busy}
          error={error}
          onCancel={close}
          onConfirm={() => void run({ id: pending.order.id, decision: "approve" })}
        />
      ) : null}
      {pending?.decision === "reject" ? (
        <RejectDialog
          order={pending.order}
          busy={busy}
          error={error}
          onCancel={close}
          onConfirm={(reason) => void run({ id: pending.order.id, decision: "reject", reason })}
        />
      ) : null}
    </DecisionQueue>
  );
}
