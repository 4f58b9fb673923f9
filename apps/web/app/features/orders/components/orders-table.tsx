import { ORDER_SORT, type TOrder } from "@sms/domain/contracts/orders";
import { formatBaht } from "@sms/domain/rules/cart";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { type DataTableColumn, ListTable } from "~/components/table";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { ORDERS_QUERY_KEY, useOrders } from "../api/list-orders";
import { FileButton } from "./file-button";
import { StatusBadge } from "./status-badge";
import { takesWhtCertificate, WhtCertificateCell } from "./wht-certificate-cell";

type SortKey = (typeof ORDER_SORT.keys)[number];

/** The receipt / tax invoice of an approved order (built by the receipts module), in either language. */
export function receiptPath(id: number, lang: "th" | "en"): string {
  return `/c/orders/${id}/receipt?lang=${lang}`;
}

/** /orders (spec §2, §3 Order): created date, package, credit, price, status with the reason, proof and receipt. */
export function OrdersTable() {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const list = useListParams({ sort: ORDER_SORT, key: ORDERS_QUERY_KEY });
  const query = useOrders(list.request, list.queryKey);

  const columns: DataTableColumn<TOrder, SortKey>[] = [
    {
      title: t("table.createdAt"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (o) => formatDateTime(new Date(o.created_at), locale),
    },
    { title: t("table.package"), key: "package_name", card: "title", cell: (o) => o.package_name },
    {
      title: t("table.credits"),
      key: "credits",
      class: "text-end tabular-nums",
      cell: (o) => formatNumber(o.credits),
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
      cell: (o) => <StatusBadge status={o.status} reason={o.reject_reason} />,
    },
    {
      title: t("table.documents"),
      key: "documents",
      card: "actions",
      // Nothing to download or attach (a free trial): no empty line on a phone's card.
      cell: (o) =>
        o.proof_file_id || takesWhtCertificate(o) || (o.status === "approved" && o.document_number) ? (
          <span className="flex flex-col items-start gap-1">
            {o.proof_file_id ? (
              <FileButton
                path={`/c/files/${o.proof_file_id}`}
                label={t("table.proof")}
                testId={`proof-${o.id}`}
              />
            ) : null}
            {takesWhtCertificate(o) ? <WhtCertificateCell order={o} /> : null}
            {o.status === "approved" && o.document_number ? (
              <>
                <FileButton
                  path={receiptPath(o.id, "th")}
                  label={t("table.receiptTh")}
                  saveAs={`${o.document_number}-th.pdf`}
                  testId={`receipt-th-${o.id}`}
                />
                <FileButton
                  path={receiptPath(o.id, "en")}
                  label={t("table.receiptEn")}
                  saveAs={`${o.document_number}-en.pdf`}
                  testId={`receipt-en-${o.id}`}
                />
              </>
            ) : null}
          </span>
        ) : null,
    },
  ];
  return (
    <div className="space-y-4">
      <ListTable
        caption={t("table.caption")}
        hideCaption
        columns={columns}
        rowKey={(o) => o.id}
        emptyText={t("table.empty")}
        skeletonRows={5}
        page={query.data}
        query={query}
        list={list}
      />
    </div>
  );
}
