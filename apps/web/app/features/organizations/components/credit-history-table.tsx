import {
  CREDIT_HISTORY_MAX_DAYS,
  CREDIT_HISTORY_SORT,
  LEDGER_ENTRY_TYPES,
  type TCreditHistoryEntry,
  type TCreditSubject,
} from "@sms/domain/contracts/organizations";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DataTableColumn, ListTable, ReportFilters } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { creditHistoryKey } from "../api/keys";
import { useCreditHistory } from "../api/list-credit-history";

type SortKey = (typeof CREDIT_HISTORY_SORT.keys)[number];

/**
 * What an entry belongs to, in words (review D54): a campaign opens its report, an order the
 * orders page; the rest is plain text.
 */
function CreditSubject({ subject }: { subject: TCreditSubject }) {
  const lp = useLocalizedPath();
  const to =
    subject.kind === "campaign" && subject.id !== null
      ? `/reports/campaigns/${subject.id}`
      : subject.kind === "order"
        ? "/orders"
        : null;
  if (!to) return <span>{subject.label}</span>;
  return (
    <Link to={lp(to)} className="text-primary-700 underline">
      {subject.label}
    </Link>
  );
}
const FILTERS = ["start", "end", "type"] as const;

const TYPE_CLASS: Record<TCreditHistoryEntry["type"], string> = {
  earned: "bg-green-100 text-green-800",
  refunded: "bg-blue-100 text-blue-800",
  used: "bg-gray-100 text-gray-800",
  expired: "bg-red-100 text-red-800",
  adjusted: "bg-secondary-100 text-secondary-800",
};

/**
 * Credit history (spec §3 Credit entry; /reports/credits): an organization's, or the current one's
 * (`"me"`): date-time, type, credits and the running balance after each entry. Newest first (or by
 * type or amount, sorted by the server), over a period of days or minutes (the last 30 days unless
 * one is chosen), with type filter and pages in the URL.
 */
export function CreditHistoryTable({ organization }: { organization: number | "me" }) {
  const { t } = useTranslation("organizations");
  const locale = useLocale();
  const list = useListParams({
    sort: CREDIT_HISTORY_SORT,
    filters: FILTERS,
    key: creditHistoryKey(organization),
  });
  const query = useCreditHistory(organization, list.request, list.queryKey);
  const [withTime, setWithTime] = useState(() => Boolean(list.filters.start?.includes(" ")));

  const columns: DataTableColumn<TCreditHistoryEntry, SortKey>[] = [
    {
      title: t("credits.date"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (e) => formatDateTime(new Date(e.created_at), locale),
    },
    {
      title: t("credits.type"),
      key: "type",
      sort: true,
      cell: (e) => (
        <span
          className={`inline-block rounded-full px-2 py-0.5 text-xs whitespace-nowrap ${TYPE_CLASS[e.type]}`}
        >
          {t(`credits.types.${e.type}`)}
        </span>
      ),
    },
    {
      title: t("credits.credits"),
      key: "credits",
      sort: true,
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (e) => (
        <span className={e.credits > 0 ? "text-green-700" : "text-gray-900"}>
          {e.credits > 0 ? "+" : "−"}
          {formatNumber(Math.abs(e.credits))}
        </span>
      ),
    },
    {
      title: t("credits.balance"),
      key: "balance_after",
      class: "text-end tabular-nums",
      cell: (e) => formatNumber(e.balance_after),
    },
    { title: t("credits.reason"), key: "reason", class: "min-w-48", cell: (e) => e.reason },
    {
      title: t("credits.reference"),
      key: "reference",
      class: "whitespace-nowrap",
      cell: (e) => <CreditSubject subject={e.subject} />,
    },
    { title: t("credits.member"), key: "member", cell: (e) => e.member?.name ?? t("credits.system") },
  ];

  const data = query.data?.data;
  return (
    <div className="space-y-4">
      <ReportFilters
        values={list.filters}
        onApply={(values) => list.setFilters({ start: values.start, end: values.end, type: values.type })}
        maxSpanDays={CREDIT_HISTORY_MAX_DAYS}
        withTime={withTime}
        types={LEDGER_ENTRY_TYPES.map((type) => ({ value: type, label: t(`credits.types.${type}`) }))}
      />
      <label className="flex items-center gap-2 text-sm text-gray-700">
        <input
          type="checkbox"
          className="size-4 accent-primary-700"
          checked={withTime}
          onChange={(event) => setWithTime(event.target.checked)}
          data-testid="credits-with-time"
        />
        {t("credits.withTime")}
      </label>
      <ListTable
        caption={t("credits.caption")}
        hideCaption
        columns={columns}
        rowKey={(e) => e.id}
        emptyText={list.filters.start ? t("credits.emptyPeriod") : t("credits.emptyRecent")}
        page={data}
        query={query}
        list={list}
      />
    </div>
  );
}
