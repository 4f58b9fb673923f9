import { defineSort, pageInformation } from "@sms/domain/contracts/lists";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { normaliseRecipient, toLocalPhone } from "@sms/domain/rules/phone";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { todayInBangkok } from "~/components/form/date";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { DataTable, type DataTableColumn } from "./data-table";
import { Pagination } from "./pagination";
import { REPORT_FILTER_PARAMS, ReportFilters } from "./report-filters";

const SORT = defineSort(["sent_at", "recipient", "credits"], { key: "sent_at", reverse: true });
type SortKey = (typeof SORT.keys)[number];
const STATUSES = ["delivered", "sent", "failed"] as const;
const TYPES = ["instant", "campaign", "api", "otp"] as const;
const MAX_DAYS = 31;
const STATES = ["data", "loading", "empty", "error"] as const;

interface ExampleRow {
  id: number;
  sentAt: string;
  recipient: string;
  type: (typeof TYPES)[number];
  status: (typeof STATUSES)[number];
  credits: number;
}

/** 57 messages over the last days, the same on every render. */
function exampleRows(): ExampleRow[] {
  const today = todayInBangkok();
  return Array.from({ length: 57 }, (_, i) => {
    const day = today.subtract({ days: Math.floor(i / 4) });
    const hour = String(8 + ((i * 5) % 12)).padStart(2, "0");
    return {
      id: i + 1,
      sentAt: `${day.toString()} ${hour}:${String((i * 7) % 60).padStart(2, "0")}`,
      recipient: `66${8 + (i % 2)}${String(12_345_670 + i * 7919).slice(0, 8)}`,
      type: TYPES[i % TYPES.length] ?? "instant",
      status: STATUSES[(i * 7) % STATUSES.length] ?? "sent",
      credits: 1 + (i % 3),
    };
  });
}

/**
 * /dev/ui example of the list kit: ReportFilters, DataTable and Pagination bound to the URL with
 * useListParams, over example rows filtered, sorted and paged here as a server would.
 */
export function TableShowcase() {
  const { t } = useTranslation("ui");
  const locale = useLocale();
  const [state, setState] = useState<(typeof STATES)[number]>("data");
  const list = useListParams({ sort: SORT, filters: REPORT_FILTER_PARAMS, key: ["dev", "table"] });
  const rows = useMemo(exampleRows, []);

  const { filters } = list;
  const phone = filters.phone ? normaliseRecipient(filters.phone) : null;
  const matching = rows.filter(
    (row) =>
      (!filters.start || row.sentAt.slice(0, 10) >= filters.start.slice(0, 10)) &&
      (!filters.end || row.sentAt.slice(0, 10) <= filters.end.slice(0, 10)) &&
      (!filters.status || row.status === filters.status) &&
      (!filters.type || row.type === filters.type) &&
      (!phone || row.recipient === phone),
  );
  const field = { sent_at: "sentAt", recipient: "recipient", credits: "credits" } as const;
  const sorted = [...matching].sort((a, b) => {
    const x = a[field[list.sort]];
    const y = b[field[list.sort]];
    const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return list.reverse ? -order : order;
  });
  const info = pageInformation(list.page, list.size, state === "empty" ? 0 : sorted.length);
  const pageRows = state === "empty" ? [] : sorted.slice((list.page - 1) * list.size, list.page * list.size);

  const columns: DataTableColumn<ExampleRow, SortKey>[] = [
    {
      title: t("devUi.table.columns.sentAt"),
      key: "sent_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (row) => formatDateTime(new Date(`${row.sentAt.replace(" ", "T")}:00+07:00`), locale),
    },
    {
      title: t("devUi.table.columns.recipient"),
      key: "recipient",
      sort: true,
      cell: (row) => toLocalPhone(row.recipient),
    },
    { title: t("devUi.table.columns.type"), key: "type", cell: (row) => t(`devUi.table.types.${row.type}`) },
    {
      title: t("devUi.table.columns.status"),
      key: "status",
      cell: (row) => t(`devUi.table.statuses.${row.status}`),
    },
    {
      title: t("devUi.table.columns.credits"),
      key: "credits",
      sort: true,
      class: "text-right",
      cell: (row) => formatNumber(row.credits),
    },
  ];

  return (
    <div className="space-y-4">
      <ReportFilters
        values={filters}
        onApply={list.setFilters}
        maxSpanDays={MAX_DAYS}
        statuses={STATUSES.map((value) => ({ value, label: t(`devUi.table.statuses.${value}`) }))}
        types={TYPES.map((value) => ({ value, label: t(`devUi.table.types.${value}`) }))}
        phone
      />
      <p className="font-mono text-xs break-all text-gray-500">
        {t("devUi.table.applied", { value: JSON.stringify(list.request) })}
      </p>
      <div className="flex flex-wrap gap-2">
        {STATES.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={state === value ? "primary" : "light-gray"}
            aria-pressed={state === value}
            onClick={() => setState(value)}
          >
            {t(`devUi.table.states.${value}`)}
          </Button>
        ))}
      </div>
      <DataTable
        caption={t("devUi.table.caption")}
        columns={columns}
        rows={state === "loading" || state === "error" ? undefined : pageRows}
        rowKey={(row) => row.id}
        sort={list}
        onSort={list.toggleSort}
        isLoading={state === "loading"}
        error={state === "error" ? new Error(t("devUi.table.states.errorText")) : null}
        onRetry={() => setState("data")}
        skeletonRows={list.size}
      />
      {state === "data" || state === "empty" ? (
        <Pagination info={info} searchForPage={list.searchForPage} />
      ) : null}
    </div>
  );
}
