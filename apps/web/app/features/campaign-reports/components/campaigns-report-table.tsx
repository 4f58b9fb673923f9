import { CAMPAIGN_SORT, type TCampaign } from "@sms/domain/contracts/campaigns";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName, spokenName } from "~/components/form";
import { type DataTableColumn, ListTable, SearchBox } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { CAMPAIGN_REPORTS_LIST_KEY } from "../api/keys";
import { useCampaigns } from "../api/list-campaigns";
import { CampaignStatusBadge } from "./campaign-status-badge";

type SortKey = (typeof CAMPAIGN_SORT.keys)[number];

/**
 * /reports/campaigns (spec §2): the organization's campaigns and file campaigns, newest first,
 * searchable by name, each linking to its report. Search and page live in the URL.
 */
export function CampaignsReportTable() {
  const { t } = useTranslation("campaign-reports");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({ sort: CAMPAIGN_SORT, filters: ["search"], key: CAMPAIGN_REPORTS_LIST_KEY });
  const query = useCampaigns(list.request, list.queryKey);
  const search = list.filters.search ?? "";

  const columns: DataTableColumn<TCampaign, SortKey>[] = [
    {
      title: t("list.name"),
      key: "name",
      sort: true,
      class: "min-w-40",
      cell: (row) => (
        <Link
          to={lp(`/reports/campaigns/${row.id}`)}
          className="font-medium break-words text-primary-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700"
          data-testid={`campaign-link-${row.id}`}
        >
          {row.name}
        </Link>
      ),
    },
    { title: t("list.kind"), key: "kind", class: "whitespace-nowrap", cell: (row) => t(`kind.${row.kind}`) },
    { title: t("list.sender"), key: "sender", class: "whitespace-nowrap", cell: (row) => row.sender },
    {
      title: t("list.recipients"),
      key: "recipients",
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (row) => formatNumber(row.recipients),
    },
    {
      title: t("list.credits"),
      key: "credits",
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (row) => formatNumber(row.credits),
    },
    {
      title: t("list.status"),
      key: "status",
      class: "whitespace-nowrap",
      cell: (row) => <CampaignStatusBadge status={row.status} />,
    },
    {
      title: t("list.sentAt"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (row) => formatDateTime(new Date(row.sent_at ?? row.accepted_at), locale),
    },
    {
      title: t("list.report"),
      key: "report",
      card: "actions",
      class: "whitespace-nowrap",
      cell: (row) => (
        <Link
          to={lp(`/reports/campaigns/${row.id}`)}
          className={buttonClassName({ variant: "light-primary", size: "sm" })}
          aria-label={spokenName(t("list.view"), t("list.viewLabel", { name: row.name }))}
        >
          {t("list.view")}
        </Link>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <SearchBox
        label={t("list.search")}
        value={search}
        onSearch={(text) => list.setFilters({ search: text })}
        submitLabel={t("list.searchSubmit")}
        clearLabel={t("list.searchClear")}
        testId="campaigns-search"
      />
      <ListTable
        caption={t("list.caption")}
        hideCaption
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={search ? t("list.emptySearch") : t("list.empty")}
        page={query.data}
        query={query}
        list={list}
      />
    </div>
  );
}
