import type { TSmscConnection } from "@sms/domain/contracts/smsc-connections";
import type { TSmscRoute } from "@sms/domain/contracts/smsc-routes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, useServerErrors } from "~/components/form";
import { DataTable, type DataTableColumn, useFocusAfterDelete } from "~/components/table";
import { useSmscConnections } from "../api/smsc-connections";
import { useDeleteSmscRoute, useSmscRoutes } from "../api/smsc-routes";
import { OperatorRangesEditor } from "./operator-ranges-editor";
import { SmscRouteDialog } from "./smsc-route-dialog";

const pill = "inline-block rounded-full px-2 py-0.5 text-xs whitespace-nowrap";

/**
 * The route rules (issue 26 point 2): checked in order, the first whose conditions all hold picks
 * the connection (then its failover list); a message no rule takes goes to the connections in order.
 */
export function SmscRoutesEditor() {
  const { t } = useTranslation("admin");
  const routes = useSmscRoutes();
  const connections = useSmscConnections();
  const remove = useDeleteSmscRoute();
  const [editing, setEditing] = useState<{ route: TSmscRoute | null } | null>(null);
  const [deleting, setDeleting] = useState<TSmscRoute | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const afterRemoval = useFocusAfterDelete(
    deleting !== null,
    routes.data?.map((r) => r.id),
  );
  const serverErrors = useServerErrors(() => undefined, []);
  const byId = new Map<number, TSmscConnection>((connections.data?.entities ?? []).map((c) => [c.id, c]));
  const nameOf = (id: number) => byId.get(id)?.name ?? `#${id}`;

  const conditions = (r: TSmscRoute) => {
    const parts = [
      r.purposes ? r.purposes.map((p) => t(`routes.purposes.${p}`)).join(", ") : null,
      r.operator ? t("routes.operatorIs", { operator: r.operator }) : null,
      r.prefixes
        ? t("routes.prefixesAre", { prefixes: r.prefixes.slice(0, 5).join(", "), count: r.prefixes.length })
        : null,
      r.organization_id !== null ? t("routes.organizationIs", { id: r.organization_id }) : null,
      r.sender !== null ? t("routes.senderIs", { sender: r.sender }) : null,
    ].filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(" · ") : t("routes.anyMessage");
  };

  const columns: DataTableColumn<TSmscRoute, "none">[] = [
    { title: t("routes.position"), key: "position", class: "text-end", cell: (r) => r.position },
    {
      title: t("routes.name"),
      key: "name",
      card: "title",
      class: "min-w-40",
      cell: (r) => <span className="font-medium text-gray-900">{r.name}</span>,
    },
    { title: t("routes.conditions"), key: "conditions", class: "min-w-48", cell: conditions },
    {
      title: t("routes.sendsThrough"),
      key: "connection",
      cell: (r) => [nameOf(r.connection_id), ...r.failover.map(nameOf)].join(" → "),
    },
    {
      title: t("routes.state"),
      key: "enabled",
      card: "status",
      cell: (r) =>
        r.enabled ? (
          <span className={`${pill} bg-emerald-100 text-emerald-800`}>{t("routes.on")}</span>
        ) : (
          <span className={`${pill} bg-gray-100 text-gray-700`}>{t("routes.off")}</span>
        ),
    },
    {
      title: "",
      key: "actions",
      class: "text-end whitespace-nowrap",
      cell: (r) => (
        <span className="inline-flex gap-2">
          <Button
            size="sm"
            variant="light-primary"
            onClick={() => setEditing({ route: r })}
            data-testid={`edit-route-${r.id}`}
          >
            {t("common.edit")}
            <span className="sr-only"> {r.name}</span>
          </Button>
          <Button
            size="sm"
            variant="light-gray"
            onClick={() => {
              setDeleteError(null);
              setDeleting(r);
            }}
            data-testid={`delete-route-${r.id}`}
          >
            {t("common.delete")}
            <span className="sr-only"> {r.name}</span>
          </Button>
        </span>
      ),
    },
  ];

  return (
    // A focus target after a removal (the row's Delete button goes with its row), not a landmark.
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="smsc-routes-region">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 className="text-xl font-semibold">{t("routes.title")}</h2>
          <p className="max-w-3xl text-gray-600">{t("routes.intro")}</p>
        </div>
        <Button
          onClick={() => setEditing({ route: null })}
          disabled={(connections.data?.entities.length ?? 0) === 0}
          data-testid="add-route"
        >
          {t("routes.add")}
        </Button>
      </div>
      <DataTable
        caption={t("routes.title")}
        hideCaption
        columns={columns}
        rows={routes.data}
        rowKey={(r) => r.id}
        isLoading={routes.isPending}
        isFetching={routes.isFetching}
        error={routes.isError ? routes.error : null}
        onRetry={() => void routes.refetch()}
        emptyText={t("routes.empty")}
        skeletonRows={2}
      />
      <SmscRouteDialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        route={editing?.route ?? null}
        connections={connections.data?.entities ?? []}
        nextPosition={Math.max(0, ...(routes.data ?? []).map((r) => r.position)) + 10}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("routes.deleteTitle")}
        body={t("routes.deleteBody", { name: deleting?.name ?? "" })}
        confirmLabel={t("common.delete")}
        cancelLabel={t("common.cancel")}
        isPending={remove.isPending}
        error={deleteError}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            toast.success(t("routes.deleted"));
            afterRemoval.done(deleting.id);
            setDeleting(null);
          } catch (error) {
            setDeleteError(serverErrors(error));
          }
        }}
      />
      <OperatorRangesEditor />
    </div>
  );
}
