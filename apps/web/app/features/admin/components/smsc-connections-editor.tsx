import type { TSmscConnection } from "@sms/domain/contracts/smsc-connections";
import { formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { DataTable, type DataTableColumn } from "~/components/table";
import { useSmscConnections } from "../api/smsc-connections";
import { SmscConnectionDialog } from "./smsc-connection-dialog";

const pill = "inline-block rounded-full px-2 py-0.5 text-xs whitespace-nowrap";

/** The SMSC connections (issue 26 point 1): in the order they are tried, the one sending now marked. */
export function SmscConnectionsEditor() {
  const { t } = useTranslation("admin");
  const query = useSmscConnections();
  const [editing, setEditing] = useState<{ connection: TSmscConnection | null } | null>(null);

  const columns: DataTableColumn<TSmscConnection, "none">[] = [
    { title: t("smsc.priority"), key: "priority", class: "text-end", cell: (c) => c.priority },
    {
      title: t("smsc.name"),
      key: "name",
      card: "title",
      class: "min-w-40",
      cell: (c) => (
        <>
          <span className="font-medium text-gray-900">{c.name}</span>
          {c.from_env ? (
            <span className={`ms-2 ${pill} bg-gray-100 text-gray-700`}>{t("smsc.fromEnv")}</span>
          ) : null}
        </>
      ),
    },
    { title: t("smsc.kind"), key: "kind", cell: (c) => t(`smsc.kinds.${c.kind}`) },
    {
      title: t("smsc.address"),
      key: "host",
      class: "break-all",
      cell: (c) => (c.kind === "smpp" ? `${c.system_id ?? ""}@${c.host ?? ""}:${c.port ?? ""}` : "—"),
    },
    {
      title: t("smsc.tps"),
      key: "tps",
      class: "text-end whitespace-nowrap",
      cell: (c) =>
        c.kind === "smpp"
          ? t("smsc.tpsValue", { tps: formatNumber(c.tps), binds: c.binds, window: c.window })
          : formatNumber(c.tps),
    },
    {
      title: t("smsc.state"),
      key: "enabled",
      card: "status",
      cell: (c) =>
        c.enabled && c.health && c.health.state !== "up" ? (
          <span className={`${pill} bg-red-100 text-red-800`}>
            {t(c.health.state === "down" ? "smsc.health.down" : "smsc.health.probing")}
          </span>
        ) : c.active ? (
          <span className={`${pill} bg-emerald-100 text-emerald-800`}>{t("smsc.active")}</span>
        ) : c.enabled ? (
          <span className={`${pill} bg-secondary-100 text-secondary-800`}>{t("smsc.standby")}</span>
        ) : (
          <span className={`${pill} bg-gray-100 text-gray-700`}>{t("smsc.disabled")}</span>
        ),
    },
    {
      title: t("smsc.health.title"),
      key: "health",
      class: "min-w-40",
      cell: (c) =>
        !c.enabled ? (
          "—"
        ) : !c.health ? (
          <span className="text-gray-600">{t("smsc.health.noReport")}</span>
        ) : (
          <span className="block text-sm">
            {t("smsc.health.traffic", {
              perSecond: formatNumber(c.health.per_second),
              share: formatNumber(Math.round(c.health.not_taken_share * 1000) / 10),
            })}
            {c.health.binds ? (
              <span className="block text-gray-700" data-testid={`smsc-load-${c.id}`}>
                {t("smsc.health.load", {
                  bound: formatNumber(c.health.binds.bound),
                  configured: formatNumber(c.health.binds.configured),
                  queued: formatNumber(c.health.queued ?? 0),
                  inFlight: formatNumber(c.health.in_flight ?? 0),
                })}
              </span>
            ) : null}
            {c.health.processes > 1 ? (
              <span className="block text-gray-700" data-testid={`smsc-processes-${c.id}`}>
                {t("smsc.health.processes", { count: c.health.processes })}
              </span>
            ) : null}
            {c.health.state !== "up" && c.health.last_error ? (
              <span className="block break-all text-red-800">
                {t("smsc.health.lastError", { error: c.health.last_error })}
              </span>
            ) : null}
          </span>
        ),
    },
    {
      title: "",
      key: "actions",
      class: "text-end",
      cell: (c) => (
        <Button
          size="sm"
          variant="light-primary"
          onClick={() => setEditing({ connection: c })}
          data-testid={`edit-smsc-${c.id}`}
        >
          {t("common.edit")}
          <span className="sr-only"> {c.name}</span>
        </Button>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ connection: null })} data-testid="add-smsc">
          {t("smsc.add")}
        </Button>
      </div>
      <DataTable
        caption={t("smsc.caption")}
        hideCaption
        columns={columns}
        rows={query.data?.entities}
        rowKey={(c) => c.id}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t("smsc.empty")}
        skeletonRows={2}
      />
      <SmscConnectionDialog
        isOpen={editing !== null}
        onClose={() => setEditing(null)}
        connection={editing?.connection ?? null}
        canStorePasswords={query.data?.can_store_passwords ?? true}
      />
    </div>
  );
}
