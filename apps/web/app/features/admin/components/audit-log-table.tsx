import { AUDIT_LOG_SORT, type TAuditLogEntry } from "@sms/domain/contracts/admin";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DataTableColumn, ListTable, SearchBox } from "~/components/table";
import { dataKey } from "~/lib/i18n";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { ADMIN_AUDIT_KEY } from "../api/keys";
import { useAuditLog } from "../api/list-audit-log";

type SortKey = (typeof AUDIT_LOG_SORT.keys)[number];

const json = (value: unknown) =>
  value === null || value === undefined ? "—" : JSON.stringify(value, null, 2);

/** Where a target is looked at in the back office; null when it has no page. */
export function targetPath(e: TAuditLogEntry): string | null {
  switch (e.target_type) {
    case "organization":
    case "sender":
    case "order":
      return e.target_organization_id === null ? null : `/admin/organizations/${e.target_organization_id}`;
    case "user":
      return `/admin/users/${e.target_id}`;
    case "package":
      return "/admin/packages";
    case "smsc_connection":
      return "/admin/connections";
    case "holiday":
    case "configuration":
      return "/admin/settings";
    case "contact_submission":
      return "/admin/contact-submissions";
    default:
      return null;
  }
}

const KNOWN_TARGETS = [
  "organization",
  "sender",
  "order",
  "user",
  "package",
  "holiday",
  "configuration",
  "smsc_connection",
  "smsc_route",
  "operator_ranges",
  "otp_deny_ranges",
  "contact_submission",
];

/** Every back-office action, newest first (issue 10): who, what, when, and the state before and after. */
export function AuditLogTable() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({
    sort: AUDIT_LOG_SORT,
    filters: ["search"],
    defaultSize: 20,
    key: ADMIN_AUDIT_KEY,
  });
  const query = useAuditLog(list.request, list.queryKey);

  const columns: DataTableColumn<TAuditLogEntry, SortKey>[] = [
    {
      title: t("audit.when"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (e) => formatDateTime(new Date(e.created_at), locale),
    },
    {
      title: t("audit.who"),
      key: "actor",
      class: "min-w-40",
      cell: (e) =>
        e.actor ? (
          <>
            <span className="text-gray-900">{e.actor.name}</span>
            <span className="block break-words text-gray-500">{e.actor.email}</span>
          </>
        ) : (
          t("audit.system")
        ),
    },
    {
      title: t("audit.what"),
      key: "action",
      class: "min-w-40",
      cell: (e) => (
        <>
          <span className="font-medium text-gray-900">
            {t(`audit.action.${e.action.replace(/\./g, "_")}`, { defaultValue: e.action })}
          </span>
        </>
      ),
    },
    {
      title: t("audit.target"),
      key: "target",
      class: "min-w-48",
      cell: (e) => {
        const kind = KNOWN_TARGETS.includes(e.target_type)
          ? t(dataKey<"admin">(`audit.targetType.${e.target_type}`))
          : e.target_type;
        const name =
          e.target_type === "configuration"
            ? t(`audit.setting.${e.target_id}`, { defaultValue: e.target_id })
            : (e.target_name ?? `#${e.target_id}`);
        const path = targetPath(e);
        return (
          <>
            <span className="block text-xs text-gray-500">{kind}</span>
            {path ? (
              <Link to={lp(path)} className="break-words text-primary-700 underline">
                {name}
              </Link>
            ) : (
              <span className="break-words">{name}</span>
            )}
          </>
        );
      },
    },
    {
      title: t("audit.reason"),
      key: "reason",
      class: "min-w-40",
      cell: (e) => <span className="whitespace-pre-wrap break-words">{e.reason ?? "—"}</span>,
    },
    {
      title: t("audit.changes"),
      key: "changes",
      class: "min-w-72",
      cell: (e) => (
        <details>
          <summary className="cursor-pointer text-primary-700 underline">{t("audit.showChanges")}</summary>
          <div className="mt-2 space-y-2">
            <div>
              <p className="text-xs font-semibold text-gray-600">{t("audit.before")}</p>
              <pre className="whitespace-pre-wrap break-all rounded bg-gray-50 p-2 text-xs">
                {json(e.before)}
              </pre>
            </div>
            <div>
              <p className="text-xs font-semibold text-gray-600">{t("audit.after")}</p>
              <pre className="whitespace-pre-wrap break-all rounded bg-gray-50 p-2 text-xs">
                {json(e.after)}
              </pre>
            </div>
          </div>
        </details>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      <SearchBox
        label={t("audit.searchLabel")}
        value={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        submitLabel={t("common.searchSubmit")}
        clearLabel={t("common.clearSearch")}
      />
      <ListTable
        caption={t("audit.caption")}
        hideCaption
        columns={columns}
        rowKey={(e) => e.id}
        emptyText={t("audit.empty")}
        skeletonRows={5}
        page={query.data}
        query={query}
        list={list}
      />
    </div>
  );
}
