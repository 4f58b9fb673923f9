import {
  SCHEDULE_SORT,
  SCHEDULE_STATUSES,
  type ScheduleStatus,
  type TSchedule,
} from "@sms/domain/contracts/schedules";
import { formatDate, formatDateTime } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, SelectField, spokenName } from "~/components/form";
import { type DataTableColumn, ListTable, SearchBox, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { SCHEDULES_LIST_KEY } from "../api/keys";
import { useCancelSchedule, useSchedules } from "../api/schedules";
import { RecurringCell, ScheduleStatusChip } from "./schedule-cells";
import { ScheduleRunsDialog } from "./schedule-runs-dialog";

type SortKey = (typeof SCHEDULE_SORT.keys)[number];

const cancellable = (status: ScheduleStatus) => status === "active" || status === "pause";

/**
 * /reports/campaigns/schedule_headers (spec §2, §3 Scheduled campaign, §4): the organization's
 * scheduled and recurring campaigns with the next send time, the recurring flag and the status;
 * a schedule's runs; cancel (the only client action) on an active or paused one, after confirming.
 */
export function SchedulesTable() {
  const { t } = useTranslation("schedules");
  const locale = useLocale();
  const list = useListParams({ sort: SCHEDULE_SORT, filters: ["search", "status"], key: SCHEDULES_LIST_KEY });
  const query = useSchedules(list.request, list.queryKey);
  const cancel = useCancelSchedule();
  const [cancelling, setCancelling] = useState<TSchedule | null>(null);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  // A cancelled schedule keeps its row but loses its Cancel button, which had the focus: the list
  // takes it once the row shows the schedule cancelled.
  const afterRemoval = useFocusAfterDelete(
    cancelling !== null,
    query.data?.entities.filter((row) => cancellable(row.status)).map((row) => row.id),
  );
  const search = list.filters.search ?? "";
  const status = list.filters.status ?? "";

  const confirmCancel = async () => {
    if (!cancelling) return;
    setCancelError(null);
    try {
      await cancel.mutateAsync(cancelling.id);
      toast.success(t("cancel.done", { name: cancelling.name }));
      afterRemoval.done(cancelling.id);
      setCancelling(null);
    } catch (error) {
      setCancelError(isApiError(error) ? error.message : t("cancel.failed"));
    }
  };

  const columns: DataTableColumn<TSchedule, SortKey>[] = [
    {
      title: t("list.name"),
      key: "name",
      sort: true,
      class: "min-w-40",
      cell: (row) => (
        <span className="block">
          <span className="font-medium break-words text-gray-900">{row.name}</span>
          {row.file_name ? (
            <span className="block text-xs break-all text-gray-600">
              {t("list.fromFile", { name: row.file_name })}
            </span>
          ) : null}
        </span>
      ),
    },
    { title: t("list.sender"), key: "sender", class: "whitespace-nowrap", cell: (row) => row.sender },
    {
      title: t("list.nextRun"),
      key: "next_run_at",
      sort: true,
      class: "whitespace-nowrap tabular-nums",
      cell: (row) => (row.next_run_at ? formatDateTime(new Date(row.next_run_at), locale) : "—"),
    },
    { title: t("list.recurringFlag"), key: "recurring", cell: (row) => <RecurringCell schedule={row} /> },
    {
      title: t("list.status"),
      key: "status",
      class: "whitespace-nowrap",
      cell: (row) => <ScheduleStatusChip status={row.status} />,
    },
    {
      title: t("list.createdAt"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap tabular-nums",
      cell: (row) => formatDate(new Date(row.created_at), locale),
    },
    {
      title: t("list.actions"),
      key: "actions",
      class: "min-w-24",
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="light-primary"
            size="sm"
            className="whitespace-nowrap"
            onClick={() => setViewing(row.id)}
            aria-label={spokenName(t("list.runs"), t("list.runsLabel", { name: row.name }))}
            data-testid={`schedule-runs-${row.id}`}
          >
            {t("list.runs")}
          </Button>
          {cancellable(row.status) ? (
            <Button
              variant="light-error"
              size="sm"
              className="whitespace-nowrap"
              onClick={() => {
                setCancelError(null);
                setCancelling(row);
              }}
              aria-label={spokenName(t("list.cancel"), t("list.cancelLabel", { name: row.name }))}
              data-testid={`schedule-cancel-${row.id}`}
            >
              {t("list.cancel")}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="schedules-region">
      <div className="flex flex-wrap items-end gap-4">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <SearchBox
            label={t("list.search")}
            value={search}
            onSearch={(text) => list.setFilters({ search: text })}
            submitLabel={t("list.searchSubmit")}
            clearLabel={t("list.searchClear")}
            testId="schedules-search"
          />
        </div>
        <div className="w-full sm:w-56">
          <SelectField
            label={t("list.statusFilter")}
            value={status}
            onChange={(value) => list.setFilters({ status: value })}
            placeholder={t("list.allStatuses")}
            options={SCHEDULE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            data-testid="schedules-status"
          />
        </div>
      </div>
      <ListTable
        caption={t("list.caption")}
        hideCaption
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={search || status ? t("list.emptyFiltered") : t("list.empty")}
        page={query.data}
        query={query}
        list={list}
      />
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={t("cancel.title")}
        body={t("cancel.body", { name: cancelling?.name ?? "" })}
        confirmLabel={t("cancel.confirm")}
        cancelLabel={t("cancel.keep")}
        isPending={cancel.isPending}
        error={cancelError}
        confirmTestId="schedule-confirm-cancel"
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      />
      {viewing !== null ? <ScheduleRunsDialog id={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}
