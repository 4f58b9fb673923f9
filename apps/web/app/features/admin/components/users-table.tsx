import { ADMIN_USER_SORT, type TAdminUser } from "@sms/domain/contracts/admin";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DataTableColumn, ListTable, SearchBox } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { ADMIN_USERS_KEY } from "../api/keys";
import { useAdminUsers } from "../api/list-users";
import { roleOf } from "../lib/user-role";

type SortKey = (typeof ADMIN_USER_SORT.keys)[number];

/** Every account for staff (issue 10): searchable by name, e-mail or phone; page, order and search in the URL. */
export function UsersTable() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({
    sort: ADMIN_USER_SORT,
    filters: ["search"],
    defaultSize: 20,
    key: ADMIN_USERS_KEY,
  });
  const query = useAdminUsers(list.request, list.queryKey);

  const columns: DataTableColumn<TAdminUser, SortKey>[] = [
    {
      title: t("users.name"),
      key: "first_name",
      sort: true,
      class: "min-w-40",
      cell: (u) => (
        <Link to={lp(`/admin/users/${u.id}`)} className="font-medium text-primary-700 underline">
          {`${u.first_name} ${u.last_name}`.trim() || u.email}
        </Link>
      ),
    },
    {
      title: t("users.email"),
      key: "email",
      sort: true,
      class: "min-w-48",
      cell: (u) => (
        <>
          <span className="break-words">{u.email}</span>
          <span className="block text-xs text-gray-500">
            {u.email_verified ? t("users.verified") : t("users.unverified")}
          </span>
        </>
      ),
    },
    {
      title: t("users.phone"),
      key: "phone_number",
      class: "whitespace-nowrap",
      cell: (u) => (
        <>
          {toLocalPhone(u.phone_number)}
          <span className="block text-xs text-gray-500">
            {u.phone_verified ? t("users.verified") : t("users.unverified")}
          </span>
        </>
      ),
    },
    {
      title: t("users.roles"),
      key: "roles",
      class: "whitespace-nowrap",
      cell: (u) => (
        <>
          <span className="inline-block rounded-full bg-gray-100 px-2 py-0.5 text-gray-800">
            {t(`users.role.${roleOf(u.roles)}`)}
          </span>
          {u.locked ? (
            <span className="ms-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-red-800">
              {t("users.locked")}
            </span>
          ) : null}
        </>
      ),
    },
    {
      title: t("users.organizations"),
      key: "organizations_count",
      class: "text-end",
      cell: (u) => formatNumber(u.organizations_count),
    },
    {
      title: t("users.created"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (u) => formatDate(new Date(u.created_at), locale),
    },
  ];
  return (
    <div className="space-y-4">
      <SearchBox
        label={t("users.searchLabel")}
        value={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        submitLabel={t("common.searchSubmit")}
        clearLabel={t("common.clearSearch")}
      />
      <ListTable
        caption={t("users.caption")}
        hideCaption
        columns={columns}
        rowKey={(u) => u.id}
        emptyText={t("users.empty")}
        skeletonRows={5}
        page={query.data}
        query={query}
        list={list}
      />
    </div>
  );
}
