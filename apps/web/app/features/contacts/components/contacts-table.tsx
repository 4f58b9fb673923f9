import { CONTACT_SORT, type TContact } from "@sms/domain/contracts/contacts";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, spokenName } from "~/components/form";
import { type DataTableColumn, ListTable, SearchBox, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { useDeleteContacts } from "../api/delete-contacts";
import { groupContactsKey } from "../api/keys";
import { useGroupContacts } from "../api/list-contacts";
import { ContactEditDialog } from "./contact-edit-dialog";

type SortKey = (typeof CONTACT_SORT.keys)[number];

const fullName = (c: TContact) => [c.first_name, c.last_name].filter(Boolean).join(" ");

const checkboxClass =
  "size-5 cursor-pointer rounded border-gray-300 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600";

/**
 * A group's contacts (spec §3: name, phone_number, created_at sortable, newest first, and manage):
 * server-side search and pages, rows to select on the page and delete together, and each row's
 * edit dialog and delete confirmation.
 */
export function ContactsTable({ groupId }: { groupId: number }) {
  const { t } = useTranslation("contacts");
  const locale = useLocale();
  const list = useListParams({ sort: CONTACT_SORT, filters: ["search"], key: groupContactsKey(groupId) });
  const query = useGroupContacts(groupId, list.request, list.queryKey);
  const remove = useDeleteContacts(groupId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<TContact | null>(null);
  const [deleting, setDeleting] = useState<TContact[] | null>(null);
  const afterRemoval = useFocusAfterDelete(
    deleting !== null,
    query.data?.entities.map((c) => c.id),
  );

  // A selection belongs to the rows on screen: another page, order or search starts afresh.
  const view = JSON.stringify(list.request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: view stands for the list's request.
  useEffect(() => setSelected(new Set()), [view]);

  const rows = query.data?.entities ?? [];
  const onPage = rows.filter((c) => selected.has(c.id));
  const allOnPage = rows.length > 0 && onPage.length === rows.length;

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const { deleted } = await remove.mutateAsync(deleting.map((c) => c.id));
      toast.success(
        deleting.length === 1
          ? t("contacts.deletedToast")
          : t("contacts.deletedManyToast", { total: formatNumber(deleted) }),
      );
      // Every row of a later page gone: step back instead of showing an empty page.
      if (deleting.length === rows.length && list.page > 1) list.setPage(list.page - 1);
      setSelected(new Set());
      afterRemoval.done(deleting[0]?.id);
      setDeleting(null);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("error.general", { ns: "common" }));
    }
  };

  const columns: DataTableColumn<TContact, SortKey>[] = [
    {
      title: t("contacts.selectColumn"),
      key: "select",
      card: "status",
      class: "w-12",
      cell: (c) => (
        <input
          type="checkbox"
          className={checkboxClass}
          checked={selected.has(c.id)}
          onChange={(event) => toggle(c.id, event.target.checked)}
          aria-label={t("contacts.select", { name: fullName(c) || c.phone_number })}
        />
      ),
    },
    {
      title: t("contacts.name"),
      key: "name",
      sort: true,
      class: "min-w-40",
      cell: (c) => <span className="break-words text-gray-900">{fullName(c) || "–"}</span>,
    },
    {
      title: t("contacts.phone"),
      key: "phone_number",
      sort: true,
      class: "whitespace-nowrap tabular-nums",
      cell: (c) => c.phone_number,
    },
    {
      title: t("contacts.created"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (c) => formatDateTime(new Date(c.created_at), locale),
    },
    {
      title: t("contacts.manage"),
      key: "manage",
      class: "whitespace-nowrap",
      cell: (c) => (
        <div className="flex gap-3">
          <button
            type="button"
            className="rounded px-1 text-primary-700 underline hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-600"
            aria-label={spokenName(
              t("contacts.edit"),
              t("contacts.editContact", { name: fullName(c) || c.phone_number }),
            )}
            onClick={() => setEditing(c)}
          >
            {t("contacts.edit")}
          </button>
          <button
            type="button"
            className="rounded px-1 text-red-700 underline hover:text-red-800 focus-visible:outline-2 focus-visible:outline-red-600"
            aria-label={spokenName(
              t("contacts.delete"),
              t("contacts.deleteContact", { name: fullName(c) || c.phone_number }),
            )}
            onClick={() => setDeleting([c])}
          >
            {t("contacts.delete")}
          </button>
        </div>
      ),
    },
  ];

  const single = deleting?.length === 1 ? deleting[0] : undefined;
  return (
    // A focus target after a delete (the row's Delete button goes with its row), not a landmark.
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="contacts-region">
      <SearchBox
        label={t("contacts.searchLabel")}
        value={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        submitLabel={t("search.submit")}
        clearLabel={t("search.clear")}
      />
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={allOnPage}
            disabled={rows.length === 0}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set(rows.map((c) => c.id)) : new Set())
            }
            data-testid="select-page"
          />
          {t("contacts.selectPage")}
        </label>
        {onPage.length > 0 ? (
          <>
            <span className="text-sm text-gray-600" aria-live="polite">
              {t("contacts.selected", { total: formatNumber(onPage.length) })}
            </span>
            <Button
              variant="error"
              size="sm"
              onClick={() => setDeleting(onPage)}
              data-testid="delete-selected"
            >
              {t("contacts.deleteSelected")}
            </Button>
          </>
        ) : null}
      </div>
      <ListTable
        caption={t("contacts.caption")}
        hideCaption
        columns={columns}
        rowKey={(c) => c.id}
        emptyText={list.filters.search ? t("contacts.emptySearch") : t("contacts.empty")}
        page={query.data}
        query={query}
        list={list}
      />
      {editing ? <ContactEditDialog contact={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={single ? t("contacts.deleteTitle") : t("contacts.deleteManyTitle")}
        body={
          single
            ? t("contacts.deleteBody", { name: fullName(single) || "–", phone: single.phone_number })
            : t("contacts.deleteManyBody", { total: formatNumber(deleting?.length ?? 0) })
        }
        confirmLabel={t("contacts.delete")}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        cancelLabel={t("actions.cancel")}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
