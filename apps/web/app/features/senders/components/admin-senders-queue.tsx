import {
  ADMIN_SENDER_SORT,
  ADMIN_SENDERS_PAGE_SIZE,
  SENDER_STATUSES,
  type SenderStatus,
  type TAdminSender,
} from "@sms/domain/contracts/senders";
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
    queuedAtColumn(t("list.createdAt"), locale),
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
          <DecisionButtons
            name={s.name}
            approve={{
              label: t("admin.approve"),
              onClick: () => setPending({ sender: s, decision: "approve" }),
              testId: `approve-${s.id}`,
            }}
            refuse={{
              label: t("admin.block"),
              onClick: () => setPending({ sender: s, decision: "block" }),
              testId: `block-${s.id}`,
            }}
          />
        ) : null,
    },
  ];

  return (
    <DecisionQueue
      queue={{ list, status }}
      statuses={SENDER_STATUSES}
      query={query}
      columns={columns}
      words={{
        statusLabel: t("list.statusFilter"),
        optionLabel: (s) => t(`admin.filter.${s}`),
        searchLabel: t("admin.search"),
        searchHint: t("admin.searchHint"),
        searchButton: t("admin.searchButton"),
        caption: t("admin.caption"),
        empty: t("admin.empty"),
      }}
    >
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
    </DecisionQueue>
  );
}
