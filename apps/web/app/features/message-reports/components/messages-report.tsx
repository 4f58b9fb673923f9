import {
  MESSAGE_REPORT_SORT,
  MESSAGES_DEFAULT_DAYS,
  MESSAGES_MAX_DAYS,
  OPERATOR_NONE,
  type TMessage,
} from "@sms/domain/contracts/campaigns";
import { messageTypeLabel } from "@sms/domain/contracts/message-exports";
import { resolveDeliveryStatus } from "@sms/domain/rules/delivery-status";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DataTableColumn, ListTable } from "~/components/table";
import { MessageFilters, MessageStatusChip } from "~/features/messages";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { MESSAGE_REPORT_LIST_KEY } from "../api/keys";
import {
  FIGURE_FILTERS,
  type ReportFilters as Filters,
  REPORT_FILTERS,
  useMessageReport,
  useMessageSummary,
} from "../api/report";
import { ExportControls } from "./export-controls";
import { RecentExports } from "./recent-exports";
import { SummaryStrip } from "./summary-strip";

type SortKey = (typeof MESSAGE_REPORT_SORT.keys)[number];

/**
 * The messages report (spec §2 /reports/messages and /headers; §3 Message; §7 GET /c/messages,
 * /summary, /export-report): every column sorted by the server per the table-header model, filters
 * by period (days or minutes, at most 31 days, never after today, Buddhist calendar in Thai),
 * status, type and phone, pages with a window of 5, the filter's totals and its export.
 */
export function MessagesReport() {
  const { t } = useTranslation("message-reports");
  const locale = useLocale();
  const list = useListParams({
    sort: MESSAGE_REPORT_SORT,
    filters: REPORT_FILTERS,
    key: MESSAGE_REPORT_LIST_KEY,
  });
  const query = useMessageReport(list.request, list.queryKey);
  const filters: Filters = list.filters;
  const summary = useMessageSummary(filters);
  const [withTime, setWithTime] = useState(() => Boolean(filters.start?.includes(" ")));

  const columns = useMemo<DataTableColumn<TMessage, SortKey>[]>(
    () => [
      {
        title: t("columns.created_at"),
        key: "created_at",
        sort: true,
        reverse: true,
        class: "whitespace-nowrap",
        cell: (m) => formatDateTime(new Date(m.created_at), locale),
      },
      {
        title: t("columns.sender"),
        key: "sender",
        sort: true,
        class: "whitespace-nowrap",
        cell: (m) => m.sender,
      },
      {
        title: t("columns.recipient"),
        key: "recipient",
        card: "title",
        sort: true,
        class: "whitespace-nowrap tabular-nums",
        cell: (m) => <span data-testid="report-recipient">{toLocalPhone(m.recipient)}</span>,
      },
      {
        title: t("columns.type"),
        key: "type",
        sort: true,
        class: "whitespace-nowrap",
        cell: (m) => messageTypeLabel(m.type, locale),
      },
      {
        title: t("columns.message"),
        key: "message",
        class: "min-w-56 max-w-md",
        cell: (m) => (
          <span className="line-clamp-3 break-words whitespace-pre-wrap" title={m.message}>
            {m.message}
          </span>
        ),
      },
      {
        title: t("columns.credits"),
        key: "credits",
        sort: true,
        class: "text-end tabular-nums whitespace-nowrap",
        cell: (m) => formatNumber(m.credits),
      },
      {
        title: t("columns.status"),
        key: "status",
        sort: true,
        class: "whitespace-nowrap",
        cell: (m) => <MessageStatusChip status={m.status} />,
      },
    ],
    [t, locale],
  );

  const data = query.data;
  return (
    <div className="space-y-4">
      <MessageFilters values={list.filters} setFilters={list.setFilters} withTime={withTime} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-600" data-testid="report-period">
          {list.filters.start
            ? t("periodChosen", { max: MESSAGES_MAX_DAYS })
            : t("periodDefault", { days: MESSAGES_DEFAULT_DAYS, max: MESSAGES_MAX_DAYS })}
        </p>
        <label className="flex items-center gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={withTime}
            onChange={(event) => setWithTime(event.target.checked)}
            data-testid="report-with-time"
          />
          {t("withTime")}
        </label>
      </div>
      <FigureFilterChips filters={list.filters} onRemove={(key) => list.setFilters({ [key]: undefined })} />
      <SummaryStrip summary={summary.isError ? undefined : summary.data} />
      <ExportControls
        filters={filters}
        order={{ sort: list.sort, reverse: list.reverse }}
        total={summary.data?.total ?? data?.page_information.total_item}
      />
      <ListTable
        caption={t("caption")}
        hideCaption
        columns={columns}
        rowKey={(m) => m.id}
        emptyText={
          Object.keys(list.filters).length > 0
            ? t("emptyFiltered")
            : t("empty", { days: MESSAGES_DEFAULT_DAYS })
        }
        page={data}
        query={query}
        list={list}
      />
      <RecentExports />
    </div>
  );
}

/**
 * The filters a delivery-analytics figure opened the report with (ADR 95) and the filter form does
 * not offer: each a chip that removes it.
 */
function FigureFilterChips({
  filters,
  onRemove,
}: {
  filters: Filters;
  onRemove: (key: (typeof FIGURE_FILTERS)[number]) => void;
}) {
  const { t } = useTranslation("message-reports");
  const locale = useLocale();
  const shown = FIGURE_FILTERS.flatMap((key): { key: (typeof FIGURE_FILTERS)[number]; text: string }[] => {
    const value = filters[key];
    if (!value) return [];
    if (key === "operator" && value === OPERATOR_NONE)
      return [{ key, text: t("figureFilters.operatorNone") }];
    if (key === "reason") {
      const [state, code] = value.split("/");
      const label = resolveDeliveryStatus(Number(state), code ?? null).label[locale];
      return [{ key, text: t("figureFilters.reason", { value: `${label} (${value})` }) }];
    }
    return [{ key, text: t(`figureFilters.${key}`, { value }) }];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={t("figureFilters.label")} data-testid="figure-filters">
      {shown.map(({ key, text }) => (
        <li key={key} className="inline-flex items-center gap-1 rounded-full bg-gray-100 ps-3 text-sm">
          {text}
          <button
            type="button"
            className="rounded-full px-2 py-1 text-gray-600 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary-700"
            aria-label={t("figureFilters.remove", { filter: text })}
            onClick={() => onRemove(key)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
