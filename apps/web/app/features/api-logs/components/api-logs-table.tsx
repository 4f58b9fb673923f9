import {
  API_LOG_DEFAULT_DAYS,
  API_LOG_MAX_DAYS,
  API_LOG_RETENTION_DAYS,
  API_LOGS_SORT,
  type TApiLog,
} from "@sms/domain/contracts/api-logs";
import { DEFAULT_DATE_PATTERN, formatDate, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { type DataTableColumn, ExportButtons, ListTable } from "~/components/table";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { useOrganizationApiKeys } from "../api/get-api-keys";
import { API_LOGS_LIST_KEY } from "../api/keys";
import { API_LOG_FILTERS, useApiLogs } from "../api/list-api-logs";
import { ApiLogFilters } from "./api-log-filters";

type SortKey = (typeof API_LOGS_SORT.keys)[number];

function StatusChip({ status }: { status: number }) {
  const ok = status < 400;
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 font-mono text-xs font-bold ${
        ok
          ? "bg-green-100 text-green-900"
          : status < 500
            ? "bg-amber-100 text-amber-900"
            : "bg-red-100 text-red-900"
      }`}
      data-testid="log-status"
    >
      {status}
    </span>
  );
}

/**
 * /reports/api-logs (issue 27 point 3): the organization's /api/v2 calls, newest first, over a
 * period (today unless one is chosen, at most 31 days; kept 30 days), filtered by status, endpoint,
 * error code, key, IP and message id, with the filters and page in the URL; CSV/XLSX of the same
 * filter. While it shows today's calls without a period it reads again every few seconds.
 */
export function ApiLogsTable({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation("api-logs");
  const locale = useLocale();
  const list = useListParams({ sort: API_LOGS_SORT, filters: API_LOG_FILTERS, key: API_LOGS_LIST_KEY });
  const live = !list.filters.start && list.request.page === 1;
  const query = useApiLogs(list.request, list.queryKey, live);
  const keys = useOrganizationApiKeys(organizationId);
  const keyOptions = (["sms", "otp"] as const).flatMap((kind) => {
    const key = keys.data?.[kind].key;
    return key ? [{ value: key, label: `${t(`kind.${kind}`)} · ${key}` }] : [];
  });

  const columns: DataTableColumn<TApiLog, SortKey>[] = [
    {
      title: t("columns.status"),
      key: "status",
      sort: true,
      card: "status",
      class: "whitespace-nowrap",
      cell: (c) => (
        <div className="flex flex-col items-start gap-1">
          <StatusChip status={c.status} />
          {c.error_code ? (
            <span className="font-mono text-xs text-gray-700" data-testid="log-error-code">
              {c.error_code}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      title: t("columns.endpoint"),
      key: "endpoint",
      card: "title",
      class: "whitespace-nowrap",
      cell: (c) => (
        <span className="font-mono text-sm" data-testid="log-endpoint">
          {c.method} {c.endpoint}
        </span>
      ),
    },
    {
      title: t("columns.time"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (c) => formatDate(new Date(c.created_at), locale, `${DEFAULT_DATE_PATTERN} HH:mm:ss`),
    },
    {
      title: t("columns.latency"),
      key: "latency_ms",
      sort: true,
      reverse: true,
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (c) => t("ms", { ms: formatNumber(c.latency_ms) }),
    },
    {
      title: t("columns.key"),
      key: "api_key",
      class: "min-w-40",
      cell: (c) =>
        c.api_key ? (
          <span className="break-all font-mono text-xs" data-testid="log-key">
            {c.key_kind ? `${t(`kind.${c.key_kind}`)} · ` : ""}
            {c.api_key}
          </span>
        ) : (
          "–"
        ),
    },
    {
      title: t("columns.ip"),
      key: "ip",
      class: "whitespace-nowrap",
      cell: (c) => (
        <span className="font-mono text-xs" data-testid="log-ip">
          {c.ip}
        </span>
      ),
    },
    {
      title: t("columns.messages"),
      key: "message_ids",
      class: "min-w-32",
      cell: (c) =>
        c.message_ids.length === 0 ? (
          "–"
        ) : (
          <span className="break-all font-mono text-xs" data-testid="log-message-ids">
            {c.message_ids.slice(0, 5).join(", ")}
            {c.message_ids.length > 5 ? ` ${t("more", { count: c.message_ids.length - 5 })}` : ""}
          </span>
        ),
    },
  ];

  const exportQuery = new URLSearchParams(
    Object.entries(list.filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  exportQuery.set("sort", list.sort);
  exportQuery.set("reverse", String(list.reverse));

  return (
    <div className="space-y-4">
      <ApiLogFilters values={list.filters} onApply={(values) => list.setFilters(values)} keys={keyOptions} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600" data-testid="report-period">
          {list.filters.message_id
            ? t("period.message")
            : list.filters.start
              ? t("period.chosen", { max: API_LOG_MAX_DAYS, days: API_LOG_RETENTION_DAYS })
              : t("period.default", { days: API_LOG_RETENTION_DAYS })}
        </p>
        <div className="flex flex-wrap gap-2">
          <ExportButtons
            path="/c/api-logs/export"
            query={exportQuery.toString()}
            fileName="api-logs"
            labels={{ csv: t("export.csv"), xlsx: t("export.xlsx"), failed: t("export.failed") }}
          />
        </div>
      </div>
      <ListTable
        caption={t("caption")}
        hideCaption
        columns={columns}
        rowKey={(c) => c.id}
        emptyText={
          Object.keys(list.filters).length > 0
            ? t("emptyFiltered")
            : t("empty", { days: API_LOG_DEFAULT_DAYS })
        }
        page={query.data}
        query={{ ...query, isFetching: query.isPlaceholderData }}
        list={list}
      />
    </div>
  );
}
