import { SENDER_SORT, SENDER_STATUSES, type SenderStatus, type TSender } from "@sms/domain/contracts/senders";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DataTableColumn, FilterSelect, ListTable } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { SENDERS_QUERY_KEY } from "../api/keys";
import { useSenders } from "../api/list-senders";
import { SenderStatusBadge, SharedBadge } from "./status-badge";

type SortKey = (typeof SENDER_SORT.keys)[number];

/**
 * /senders (spec §2, §3 Sender): name, type, status, created date and the decision reason, newest
 * first, filtered by status; the shared default sender is listed and marked.
 */
export function SendersTable() {
  const { t } = useTranslation("senders");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({ sort: SENDER_SORT, filters: ["status"], key: SENDERS_QUERY_KEY });
  const status = list.filters.status as SenderStatus | undefined;
  const query = useSenders({ ...list.request, status: status ?? "" }, list.queryKey);

  const columns: DataTableColumn<TSender, SortKey>[] = [
    {
      title: t("list.name"),
      key: "name",
      sort: true,
      cell: (s) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            to={lp(`/senders/${s.id}`)}
            className="font-medium text-primary-700 underline hover:text-primary-800"
            data-testid={`sender-link-${s.id}`}
          >
            {s.name}
          </Link>
          {s.shared ? <SharedBadge /> : null}
        </span>
      ),
    },
    { title: t("list.type"), key: "type", cell: (s) => t(`type.${s.type}`) },
    {
      title: t("list.status"),
      key: "status",
      sort: true,
      cell: (s) => <SenderStatusBadge status={s.status} />,
    },
    {
      title: t("list.createdAt"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (s) => formatDateTime(new Date(s.created_at), locale),
    },
    {
      title: t("list.reason"),
      key: "decision_reason",
      class: "max-w-xs break-words",
      cell: (s) => s.decision_reason ?? "-",
    },
  ];

  return (
    <div className="space-y-4">
      <FilterSelect
        label={t("list.statusFilter")}
        value={status ?? ""}
        options={[
          { value: "", label: t("list.allStatuses") },
          ...SENDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        ]}
        onChange={(value) => list.setFilters({ status: value })}
        testId="status-filter"
      />
      <ListTable
        caption={t("list.caption")}
        hideCaption
        columns={columns}
        rowKey={(s) => s.id}
        emptyText={t("list.empty")}
        skeletonRows={5}
        page={query.data}
        query={query}
        list={list}
      />
    </div>
  );
}
