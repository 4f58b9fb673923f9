import {
  SUPPRESSION_REASONS,
  SUPPRESSION_SORT,
  type SuppressionReason,
  type TSuppression,
} from "@sms/domain/contracts/suppressions";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, spokenName } from "~/components/form";
import {
  type DataTableColumn,
  ExportButtons,
  ListTable,
  SearchBox,
  useFocusAfterDelete,
} from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { suppressionsListKey } from "../api/keys";
import { useSuppressions } from "../api/list-suppressions";
import { useRemoveSuppressions } from "../api/remove-suppressions";
import { AddSuppressionsDialog } from "./add-suppressions-dialog";

type SortKey = (typeof SUPPRESSION_SORT.keys)[number];

const checkboxClass =
  "size-5 cursor-pointer rounded border-gray-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600";

const isReason = (value: string | undefined): value is SuppressionReason =>
  (SUPPRESSION_REASONS as readonly string[]).includes(value ?? "");

/**
 * The organization's suppression list (issue 13 point 3): numbers marketing sends skip. Search by
 * number and filter by reason (both kept in the URL), pages, add numbers, remove one or the
 * selected ones after a confirmation, and export the whole list.
 */
export function SuppressionsList() {
  const { t } = useTranslation("suppressions");
  const locale = useLocale();
  const reasonId = useId();
  const list = useListParams({
    sort: SUPPRESSION_SORT,
    filters: ["search", "reason"],
    key: suppressionsListKey,
  });
  const reason = isReason(list.filters.reason) ? list.filters.reason : undefined;
  const query = useSuppressions({ ...list.request, reason }, list.queryKey);
  const remove = useRemoveSuppressions();
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string[] | null>(null);
  const afterRemoval = useFocusAfterDelete(
    removing !== null,
    query.data?.entities.map((row) => row.phone_number),
  );

  // A selection belongs to the rows on screen: another page, order or filter starts afresh.
  const view = JSON.stringify(list.request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: view stands for the list's request.
  useEffect(() => setSelected(new Set()), [view]);

  const rows = query.data?.entities ?? [];
  const onPage = rows.filter((row) => selected.has(row.phone_number));
  const allOnPage = rows.length > 0 && onPage.length === rows.length;
  const filtered = Boolean(list.filters.search || reason);

  const toggle = (phone: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(phone);
      else next.delete(phone);
      return next;
    });

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const { deleted } = await remove.mutateAsync(removing);
      toast.success(
        removing.length === 1
          ? t("remove.doneToast")
          : t("remove.doneManyToast", { total: formatNumber(deleted) }),
      );
      // Every row of a later page gone: step back instead of showing an empty page.
      if (removing.length === rows.length && list.page > 1) list.setPage(list.page - 1);
      setSelected(new Set());
      afterRemoval.done(removing[0]);
      setRemoving(null);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("error.general", { ns: "common" }));
    }
  };

  const columns: DataTableColumn<TSuppression, SortKey>[] = [
    {
      title: t("table.selectColumn"),
      key: "select",
      card: "status",
      class: "w-12",
      cell: (row) => (
        <input
          type="checkbox"
          className={checkboxClass}
          checked={selected.has(row.phone_number)}
          onChange={(event) => toggle(row.phone_number, event.target.checked)}
          aria-label={t("table.select", { phone: row.phone_number })}
        />
      ),
    },
    {
      title: t("table.phone"),
      key: "phone_number",
      sort: true,
      class: "whitespace-nowrap tabular-nums",
      cell: (row) => row.phone_number,
    },
    {
      title: t("table.reason"),
      key: "reason",
      class: "min-w-40",
      cell: (row) => <span className="break-words text-gray-900">{row.reason_label}</span>,
    },
    {
      title: t("table.code"),
      key: "code",
      class: "whitespace-nowrap tabular-nums",
      cell: (row) => row.code ?? "–",
    },
    {
      title: t("table.created"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (row) => formatDateTime(new Date(row.created_at), locale),
    },
    {
      title: t("table.manage"),
      key: "manage",
      class: "whitespace-nowrap",
      cell: (row) => (
        <button
          type="button"
          className="rounded px-1 text-red-700 underline hover:text-red-800 focus-visible:outline-2 focus-visible:outline-red-600"
          aria-label={spokenName(t("table.remove"), t("table.removeNumber", { phone: row.phone_number }))}
          onClick={() => setRemoving([row.phone_number])}
        >
          {t("table.remove")}
        </button>
      ),
    },
  ];

  const single = removing?.length === 1 ? removing[0] : undefined;
  return (
    // A focus target after a removal (the row's Remove button goes with its row), not a landmark.
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="suppressions-region">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setAdding(true)} data-testid="add-numbers">
          {t("add.open")}
        </Button>
        <ExportButtons
          path="/c/suppressions/export"
          fileName="suppressions"
          labels={{ csv: t("export.csv"), xlsx: t("export.xlsx"), failed: t("export.failed") }}
        />
      </div>
      <SearchBox
        label={t("filters.search")}
        value={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        submitLabel={t("filters.submit")}
        clearLabel={t("filters.clear")}
        canClear={filtered}
        onClear={() => list.setFilters({ search: "", reason: "" })}
        inputClassName="w-full sm:max-w-xs"
        testId="suppressions-search"
        activeFilters={reason ? 1 : 0}
      >
        {(text) => (
          <div>
            <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-gray-800">
              {t("filters.reason")}
            </label>
            <select
              id={reasonId}
              value={reason ?? ""}
              onChange={(event) => list.setFilters({ search: text.trim(), reason: event.target.value })}
              className="min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary-700 sm:w-auto"
              data-testid="reason-filter"
            >
              <option value="">{t("filters.all")}</option>
              {SUPPRESSION_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(`reasons.${value}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </SearchBox>
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={allOnPage}
            disabled={rows.length === 0}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set(rows.map((row) => row.phone_number)) : new Set())
            }
            data-testid="select-page"
          />
          {t("table.selectPage")}
        </label>
        {onPage.length > 0 ? (
          <>
            <span className="text-sm text-gray-600" aria-live="polite">
              {t("table.selected", { total: formatNumber(onPage.length) })}
            </span>
            <Button
              variant="error"
              size="sm"
              onClick={() => setRemoving(onPage.map((row) => row.phone_number))}
              data-testid="remove-selected"
            >
              {t("table.removeSelected")}
            </Button>
          </>
        ) : null}
      </div>
      <ListTable
        caption={t("table.caption")}
        hideCaption
        columns={columns}
        rowKey={(row) => row.phone_number}
        emptyText={filtered ? t("table.emptySearch") : t("table.empty")}
        page={query.data}
        query={query}
        list={list}
      />
      {adding ? <AddSuppressionsDialog onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={single ? t("remove.title") : t("remove.manyTitle")}
        body={
          single
            ? t("remove.body", { phone: single })
            : t("remove.manyBody", { total: formatNumber(removing?.length ?? 0) })
        }
        confirmLabel={t("table.remove")}
        isPending={remove.isPending}
        onConfirm={() => void confirmRemove()}
        cancelLabel={t("actions.cancel")}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
