import { TEMPLATE_SORT, type TTemplateListItem } from "@sms/domain/contracts/templates";
import { formatDateTime } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, buttonClassName, spokenName } from "~/components/form";
import { type DataTableColumn, ListTable, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { useDeleteTemplate } from "../api/delete-template";
import { TEMPLATES_LIST_KEY } from "../api/keys";
import { useTemplates } from "../api/list-templates";
import { useToggleTemplate } from "../api/toggle-template";
import { EnabledSwitch } from "./enabled-switch";
import { type StatusFilter, TemplatesFilters } from "./templates-filters";

type SortKey = (typeof TEMPLATE_SORT.keys)[number];

function toastError(error: unknown) {
  // A signed-out caller is already on the way to the login page.
  if (isApiError(error) && error.signedOut) return;
  toast.error(error instanceof Error ? error.message : String(error));
}

/**
 * /templates (spec §2, §3 SMS template): name, message, the on/off switch, created and updated
 * times, edit and delete; search by name and the on/off filter, sort and page in the URL.
 */
export function TemplatesTable() {
  const { t } = useTranslation("templates");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({
    sort: TEMPLATE_SORT,
    filters: ["search", "enabled"],
    key: TEMPLATES_LIST_KEY,
  });
  // A hand-edited URL with another status would only get a 400; it shows every template instead.
  const status: StatusFilter =
    list.filters.enabled === "true" || list.filters.enabled === "false" ? list.filters.enabled : "";
  const query = useTemplates({ ...list.request, enabled: status }, list.queryKey);
  const toggle = useToggleTemplate();
  const remove = useDeleteTemplate();
  const [doomed, setDoomed] = useState<TTemplateListItem | null>(null);
  const afterRemoval = useFocusAfterDelete(
    doomed !== null,
    query.data?.entities.map((row) => row.id),
  );
  const filtered = Boolean(list.filters.search || status);

  const setEnabled = (row: TTemplateListItem, enabled: boolean) =>
    toggle.mutate(
      { id: row.id, enabled },
      {
        onSuccess: () =>
          toast.success(t("toast.updated"), {
            description: t(enabled ? "toast.nowOn" : "toast.nowOff", { name: row.name }),
          }),
        onError: toastError,
      },
    );

  const confirmDelete = async () => {
    if (!doomed) return;
    try {
      await remove.mutateAsync(doomed.id);
      toast.success(t("toast.deleted"));
      afterRemoval.done(doomed.id);
    } catch (error) {
      toastError(error);
    } finally {
      setDoomed(null);
    }
  };

  const columns: DataTableColumn<TTemplateListItem, SortKey>[] = [
    {
      title: t("table.name"),
      key: "name",
      sort: true,
      class: "min-w-36",
      cell: (row) => <span className="font-medium break-words text-gray-900">{row.name}</span>,
    },
    {
      title: t("table.message"),
      key: "message",
      class: "min-w-48 max-w-xs",
      cell: (row) => (
        <span className="line-clamp-2 break-words text-gray-700" title={row.message_excerpt}>
          {row.message_excerpt}
        </span>
      ),
    },
    {
      title: t("table.status"),
      key: "enabled",
      card: "status",
      class: "whitespace-nowrap",
      cell: (row) => (
        <EnabledSwitch
          checked={row.enabled}
          onChange={(next) => setEnabled(row, next)}
          label={t("table.switchLabel", { name: row.name })}
          disabled={toggle.isPending && toggle.variables?.id === row.id}
          testId={`toggle-${row.id}`}
        />
      ),
    },
    {
      title: t("table.createdAt"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (row) => formatDateTime(new Date(row.created_at), locale),
    },
    {
      title: t("table.updatedAt"),
      key: "updated_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (row) => formatDateTime(new Date(row.updated_at), locale),
    },
    {
      title: t("table.manage"),
      key: "manage",
      class: "whitespace-nowrap",
      cell: (row) => (
        <span className="flex gap-2">
          <Link
            to={lp(`/templates/${row.id}`)}
            className={buttonClassName({ variant: "light-primary", size: "sm" })}
            aria-label={spokenName(t("table.edit"), t("table.editLabel", { name: row.name }))}
            data-testid={`edit-${row.id}`}
          >
            {t("table.edit")}
          </Link>
          <Button
            variant="light-error"
            size="sm"
            onClick={() => setDoomed(row)}
            aria-label={spokenName(t("table.delete"), t("table.deleteLabel", { name: row.name }))}
            data-testid={`delete-${row.id}`}
          >
            {t("table.delete")}
          </Button>
        </span>
      ),
    },
  ];

  return (
    // A focus target, not a landmark: the list inside is the region named like it (axe landmark-unique).
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="templates-region">
      <TemplatesFilters
        search={list.filters.search ?? ""}
        status={status}
        onChange={({ search, enabled }) => list.setFilters({ search, enabled })}
      />
      <ListTable
        caption={t("table.caption")}
        hideCaption
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={filtered ? t("table.emptyFiltered") : t("table.empty")}
        skeletonRows={5}
        page={query.data}
        query={query}
        list={list}
      />
      <ConfirmDialog
        isOpen={doomed !== null}
        title={t("delete.title")}
        body={t("delete.body", { name: doomed?.name ?? "" })}
        confirmLabel={t("delete.confirm")}
        cancelLabel={t("delete.cancel")}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
