import { type TWhitelistIp, WHITELIST_SORT } from "@sms/domain/contracts/api-keys";
import { formatDateTime } from "@sms/domain/rules/format";
import { ipAllowed } from "@sms/domain/rules/ip-address";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, spokenName } from "~/components/form";
import { type DataTableColumn, ListTable, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { WHITELIST_LIST_KEY } from "../api/keys";
import { useCallerAddress, useDeleteWhitelistIp, useWhitelistIps } from "../api/whitelist-ips";
import { WhitelistDialog } from "./whitelist-dialog";

type SortKey = (typeof WHITELIST_SORT.keys)[number];

/**
 * The IP whitelist (spec §3, §7 /c/whitelist-ips; issue 14 point 2): name, address or range, date,
 * edit and delete (after a confirmation). An empty list lets every address call the API, which the
 * empty state says.
 */
export function WhitelistTable({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation("api-keys");
  const locale = useLocale();
  const list = useListParams({ sort: WHITELIST_SORT, key: WHITELIST_LIST_KEY });
  const query = useWhitelistIps(list.request, list.queryKey);
  const remove = useDeleteWhitelistIp();
  const caller = useCallerAddress();
  const [editing, setEditing] = useState<TWhitelistIp | "new" | "caller" | null>(null);
  const [doomed, setDoomed] = useState<TWhitelistIp | null>(null);
  const afterRemoval = useFocusAfterDelete<HTMLElement>(
    doomed !== null,
    query.data?.entities.map((row) => row.id),
  );

  const confirmDelete = async () => {
    if (!doomed) return;
    try {
      await remove.mutateAsync(doomed.id);
      toast.success(t("toast.whitelistDeleted"));
      afterRemoval.done(doomed.id);
    } catch (error) {
      if (!(isApiError(error) && error.signedOut)) {
        toast.error(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setDoomed(null);
    }
  };

  const columns: DataTableColumn<TWhitelistIp, SortKey>[] = [
    {
      title: t("whitelist.name"),
      key: "name",
      sort: true,
      class: "min-w-32",
      cell: (row) => <span className="font-medium break-words text-gray-900">{row.name}</span>,
    },
    {
      title: t("whitelist.address"),
      key: "ip_address",
      class: "min-w-40",
      cell: (row) => <code className="font-mono break-all text-gray-900">{row.ip_address}</code>,
    },
    {
      title: t("whitelist.createdAt"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (row) => formatDateTime(new Date(row.created_at), locale),
    },
    ...(canManage
      ? [
          {
            title: t("whitelist.manage"),
            key: "manage",
            class: "whitespace-nowrap",
            cell: (row: TWhitelistIp) => (
              <span className="flex gap-2">
                <Button
                  variant="light-primary"
                  size="sm"
                  onClick={() => setEditing(row)}
                  aria-label={spokenName(t("whitelist.edit"), t("whitelist.editLabel", { name: row.name }))}
                  data-testid={`edit-ip-${row.id}`}
                >
                  {t("whitelist.edit")}
                </Button>
                <Button
                  variant="light-error"
                  size="sm"
                  onClick={() => setDoomed(row)}
                  aria-label={spokenName(
                    t("whitelist.delete"),
                    t("whitelist.deleteLabel", { name: row.name }),
                  )}
                  data-testid={`delete-ip-${row.id}`}
                >
                  {t("whitelist.delete")}
                </Button>
              </span>
            ),
          } satisfies DataTableColumn<TWhitelistIp, SortKey>,
        ]
      : []),
  ];

  return (
    <section
      {...afterRemoval.target}
      aria-labelledby="whitelist-heading"
      className="space-y-4 outline-none"
      data-testid="whitelist-region"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="max-w-3xl">
          <h2 id="whitelist-heading" className="text-lg font-semibold text-gray-900">
            {t("whitelist.heading")}
          </h2>
          <p className="mt-1 text-sm text-gray-600">{t("whitelist.intro")}</p>
        </div>
        {canManage ? (
          <Button onClick={() => setEditing("new")} data-testid="add-ip">
            {t("whitelist.addOpen")}
          </Button>
        ) : null}
      </div>
      {caller.data ? (
        <CallerAddress
          ip={caller.data}
          // Only a non-empty list restricts; the shown page is what the person can check at a glance.
          allowed={
            (query.data?.entities.length ?? 0) > 0 &&
            ipAllowed(caller.data, query.data?.entities.map((e) => e.ip_address) ?? [])
          }
          onAdd={canManage ? () => setEditing("caller") : undefined}
        />
      ) : null}
      <ListTable
        caption={t("whitelist.caption")}
        hideCaption
        columns={columns}
        rowKey={(row) => row.id}
        emptyText={t("whitelist.empty")}
        skeletonRows={3}
        page={query.data}
        query={query}
        list={list}
      />
      {editing !== null ? (
        <WhitelistDialog
          entry={editing === "new" || editing === "caller" ? null : editing}
          {...(editing === "caller" && caller.data
            ? { preset: { name: t("whitelist.callerName"), ip_address: caller.data } }
            : {})}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={doomed !== null}
        title={t("whitelist.deleteTitle")}
        body={t("whitelist.deleteBody", { name: doomed?.name ?? "", address: doomed?.ip_address ?? "" })}
        confirmLabel={t("whitelist.delete")}
        cancelLabel={t("confirm.cancel")}
        isPending={remove.isPending}
        confirmTestId="confirm-delete-ip"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDoomed(null)}
      />
    </section>
  );
}

/**
 * The address this browser calls from (review D45), so a person can tell what to add: with one
 * click to add it (prefilled dialog) for those who manage the list, or "already allowed".
 */
function CallerAddress({
  ip,
  allowed,
  onAdd,
}: {
  ip: string;
  allowed: boolean;
  onAdd: (() => void) | undefined;
}) {
  const { t } = useTranslation("api-keys");
  return (
    <div
      className="flex max-w-3xl flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-gray-200 bg-gray-50 p-3 text-sm"
      data-testid="caller-address"
    >
      <p className="min-w-0">
        <span className="text-gray-700">{t("whitelist.callerLabel")}: </span>
        <code className="font-mono break-all font-medium text-gray-900">{ip}</code>
      </p>
      {allowed ? (
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
          {t("whitelist.callerAllowed")}
        </span>
      ) : onAdd ? (
        <Button variant="light-primary" size="sm" onClick={onAdd} data-testid="add-caller-ip">
          {t("whitelist.callerAdd")}
        </Button>
      ) : null}
      <p className="w-full text-xs text-gray-600">{t("whitelist.callerNote")}</p>
    </div>
  );
}
