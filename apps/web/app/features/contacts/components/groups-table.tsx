import { CONTACT_GROUP_SORT, type TContactGroup } from "@sms/domain/contracts/contacts";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { spokenName } from "~/components/form";
import { type DataTableColumn, ListTable, SearchBox, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { useDeleteGroup } from "../api/delete-group";
import { groupsListKey } from "../api/keys";
import { useContactGroups } from "../api/list-groups";

type SortKey = (typeof CONTACT_GROUP_SORT.keys)[number];

const manageLink =
  "rounded px-1 text-primary-700 underline hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-600";

/** /contacts: the organization's groups with their counts; open, rename or delete each. */
export function GroupsTable() {
  const { t } = useTranslation("contacts");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({ sort: CONTACT_GROUP_SORT, filters: ["search"], key: groupsListKey });
  const query = useContactGroups(list.request, list.queryKey);
  const remove = useDeleteGroup();
  const [deleting, setDeleting] = useState<TContactGroup | null>(null);
  const afterRemoval = useFocusAfterDelete(
    deleting !== null,
    query.data?.entities.map((g) => g.id),
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t("groups.deletedToast"));
      afterRemoval.done(deleting.id);
      setDeleting(null);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("error.general", { ns: "common" }));
    }
  };

  const columns: DataTableColumn<TContactGroup, SortKey>[] = [
    {
      title: t("groups.name"),
      key: "name",
      sort: true,
      class: "min-w-48",
      cell: (g) => (
        <Link to={lp(`/contacts/${g.id}`)} className="font-medium break-words text-primary-700 underline">
          {g.name}
        </Link>
      ),
    },
    {
      title: t("groups.count"),
      key: "contact_count",
      sort: true,
      reverse: true,
      class: "text-end tabular-nums",
      cell: (g) => formatNumber(g.contact_count),
    },
    {
      title: t("groups.created"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (g) => formatDate(new Date(g.created_at), locale),
    },
    {
      title: t("groups.manage"),
      key: "manage",
      class: "whitespace-nowrap",
      cell: (g) => (
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          <Link
            to={lp(`/contacts/${g.id}`)}
            className={manageLink}
            aria-label={spokenName(t("groups.open"), t("groups.openGroup", { name: g.name }))}
          >
            {t("groups.open")}
          </Link>
          <Link
            to={lp(`/contacts/${g.id}/edit`)}
            className={manageLink}
            aria-label={spokenName(t("groups.rename"), t("groups.renameGroup", { name: g.name }))}
          >
            {t("groups.rename")}
          </Link>
          <button
            type="button"
            className="rounded px-1 text-red-700 underline hover:text-red-800 focus-visible:outline-2 focus-visible:outline-red-600"
            aria-label={spokenName(t("groups.delete"), t("groups.deleteGroup", { name: g.name }))}
            onClick={() => setDeleting(g)}
          >
            {t("groups.delete")}
          </button>
        </div>
      ),
    },
  ];

  const data = query.data;
  return (
    // A focus target after a delete (the row's Delete button goes with its row), not a landmark.
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="groups-region">
      <SearchBox
        label={t("groups.searchLabel")}
        value={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        submitLabel={t("search.submit")}
        clearLabel={t("search.clear")}
      />
      <ListTable
        caption={t("groups.caption")}
        hideCaption
        columns={columns}
        rowKey={(g) => g.id}
        emptyText={list.filters.search ? t("groups.emptySearch") : t("groups.empty")}
        page={data}
        query={query}
        list={list}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("groups.deleteTitle")}
        body={t("groups.deleteBody", {
          name: deleting?.name ?? "",
          total: formatNumber(deleting?.contact_count ?? 0),
        })}
        confirmLabel={t("groups.delete")}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        cancelLabel={t("actions.cancel")}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
