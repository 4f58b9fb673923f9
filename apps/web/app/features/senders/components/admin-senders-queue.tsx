import {
  ADMIN_SENDER_SORT,
  ADMIN_SENDERS_PAGE_SIZE,
  SENDER_STATUSES,
  type SenderStatus,
  type TAdminSender,
} from "@sms/domain/contracts/senders";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import {
  type DataTableColumn,
  ListTable,
  QueueFilters,
  useQueueDecision,
  useQueueList,
} from "~/components/table";
import { useLocale } from "~/lib/locale";
import { type SenderDecision, useDecideSender } from "../api/decide-sender";
import { ADMIN_SENDERS_QUERY_KEY } from "../api/keys";
import { useAdminSenders } from "../api/list-admin-senders";
import { ApproveSenderDialog, BlockSenderDialog } from "./decision-dialogs";
import { EvidenceFiles } from "./evidence-files";
import { SenderStatusBadge, SharedBadge } from "./status-badge";

type SortKey = (typeof ADMIN_SENDER_SORT.keys)[number];
type Pending = { sender: TAdminSender; decision: "approve" | "block" };

/**
 * The staff's sender queue (issue 11 point 4): pending requests first by default, oldest first,
 * filtered by status and searched by organization or requester; the evidence opens or downloads;
 * approve after a confirmation (with an optional note), block with the reason the customer reads.
 */
export function AdminSendersQueue() {
  const { t } = useTranslation("senders");
  const locale = useLocale();
  const { list, status, request, queryKey } = useQueueList({
    sort: ADMIN_SENDER_SORT,
    defaultSize: ADMIN_SENDERS_PAGE_SIZE,
    key: ADMIN_SENDERS_QUERY_KEY,
    defaultStatus: "pending" as SenderStatus,
  });
  const query = useAdminSenders(request, queryKey);
  const { pending, setPending, error, close, run, busy } = useQueueDecision<
    Pending,
    SenderDecision,
    TAdminSender
  >(useDecideSender(), {
    announce: (sender) =>
      toast.success(
        t(sender.status === "approved" ? "admin.approved" : "admin.blocked", { name: sender.name }),
      ),
    failed: t("admin.failed"),
  });

  const columns: DataTableColumn<TAdminSender, SortKey>[] = [
    {
      title: t("list.createdAt"),
      key: "created_at",
      sort: true,
      class: "whitespace-nowrap",
      cell: (s) => (
        <>
          <span className="block">{formatDateTime(new Date(s.created_at), locale)}</span>
          <span className="text-xs text-gray-500">#{s.id}</span>
        </>
      ),
    },
    {
      title: t("admin.request"),
      key: "name",
      card: "title",
      sort: true,
      class: "min-w-48",
      cell: (s) => (
        <>
          <span className="flex flex-wrap items-center gap-2 font-semibold text-gray-900">
            {s.name}
            {s.shared ? <SharedBadge /> : null}
          </span>
          <span className="block text-gray-700">
            {t(`type.${s.type}`)} · {t(`accountType.${s.account_type}`)}
          </span>
          <span className="block text-xs text-gray-600">{s.company_name}</span>
          <span className="mt-1 block max-w-xs text-xs break-words text-gray-600" title={t("admin.example")}>
            “{s.example_message}”
          </span>
        </>
      ),
    },
    {
      title: t("admin.organization"),
      key: "organization",
      class: "min-w-40",
      cell: (s) => (
        <>
          <span className="block font-medium text-gray-900">
            {s.organization_name ?? t("admin.sharedOrganization")}
          </span>
          {s.requested_by_name ? <span className="block text-gray-700">{s.requested_by_name}</span> : null}
          {s.requested_by_email ? (
            <span className="block text-xs text-gray-500">{s.requested_by_email}</span>
          ) : null}
        </>
      ),
    },
    {
      title: t("admin.evidence"),
      key: "evidence",
      class: "min-w-56",
      cell: (s) => <EvidenceFiles files={s.evidence_files} url={s.evidence_url} />,
    },
    {
      title: t("list.status"),
      key: "status",
      sort: true,
      cell: (s) => (
        <>
          <SenderStatusBadge status={s.status} />
          {s.decision_reason ? (
            <span className="mt-1 block max-w-xs text-xs break-words text-gray-700">{s.decision_reason}</span>
          ) : null}
        </>
      ),
    },
    {
      title: t("admin.actions"),
      key: "actions",
      cell: (s) =>
        s.status === "pending" ? (
          <span className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="submit"
              onClick={() => setPending({ sender: s, decision: "approve" })}
              data-testid={`approve-${s.id}`}
            >
              {t("admin.approve")}
              <span className="sr-only"> {s.name}</span>
            </Button>
            <Button
              size="sm"
              variant="light-error"
              onClick={() => setPending({ sender: s, decision: "block" })}
              data-testid={`block-${s.id}`}
            >
              {t("admin.block")}
              <span className="sr-only"> {s.name}</span>
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <div className="space-y-4">
      <QueueFilters
        status={status}
        statuses={SENDER_STATUSES}
        statusLabel={t("list.statusFilter")}
        optionLabel={(s) => t(`admin.filter.${s}`)}
        onStatus={(value) => list.setFilters({ status: value })}
        search={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        searchLabel={t("admin.search")}
        searchHint={t("admin.searchHint")}
        searchButton={t("admin.searchButton")}
      />
      <ListTable
        caption={t("admin.caption")}
        hideCaption
        columns={columns}
        rowKey={(s) => s.id}
        emptyText={t("admin.empty")}
        skeletonRows={5}
        page={query.data}
        query={query}
        list={list}
      />
      {pending?.decision === "approve" ? (
        <ApproveSenderDialog
          sender={pending.sender}
          busy={busy}
          error={error}
          onCancel={close}
          onConfirm={(note) => void run({ id: pending.sender.id, decision: "approve", note })}
        />
      ) : null}
      {pending?.decision === "block" ? (
        <BlockSenderDialog
          sender={pending.sender}
          busy={busy}
          error={error}
          onCancel={close}
          onConfirm={(reason) => void run({ id: pending.sender.id, decision: "block", reason })}
        />
      ) : null}
    </div>
  );
}
