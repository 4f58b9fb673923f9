import { ADMIN_ORGANIZATION_SORT, type TAdminOrganization } from "@sms/domain/contracts/admin";
import { formatDate, formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DataTableColumn, ListTable, SearchBox } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { ADMIN_ORGANIZATIONS_KEY } from "../api/keys";
import { useAdminOrganizations } from "../api/list-organizations";
import { SuspensionBadge } from "./suspension-badge";

type SortKey = (typeof ADMIN_ORGANIZATION_SORT.keys)[number];

/** Every organization for staff (issue 10), searchable by its name or its owner; each opens its page. */
export function OrganizationsTable() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({
    sort: ADMIN_ORGANIZATION_SORT,
    filters: ["search"],
    defaultSize: 20,
    key: ADMIN_ORGANIZATIONS_KEY,
  });
  const query = useAdminOrganizations(list.request, list.queryKey);

  const columns: DataTableColumn<TAdminOrganization, SortKey>[] = [
    {
      title: t("organizations.name"),
      key: "name",
      sort: true,
      class: "min-w-40",
      cell: (o) => (
        <Link
          to={lp(`/admin/organizations/${o.id}`)}
          className="font-medium text-primary-700 underline"
          data-testid={`organization-${o.id}`}
        >
          {o.name}
        </Link>
      ),
    },
    {
      title: t("organizations.owner"),
      key: "owner",
      class: "min-w-48",
      cell: (o) => (
        <>
          <span className="text-gray-900">{o.owner.name}</span>
          <span className="block break-words text-gray-500">{o.owner.email}</span>
          <span className="block text-gray-500">{toLocalPhone(o.owner.phone_number)}</span>
        </>
      ),
    },
    {
      title: t("organizations.credits"),
      key: "credits",
      sort: true,
      reverse: true,
      class: "text-end whitespace-nowrap",
      cell: (o) => formatNumber(o.credits),
    },
    {
      title: t("organizations.expiry"),
      key: "credit_expired_on",
      class: "whitespace-nowrap",
      cell: (o) =>
        o.credit_expired_on ? formatDateTime(new Date(o.credit_expired_on), locale) : t("common.none"),
    },
    {
      title: t("organizations.members"),
      key: "members_count",
      class: "text-end",
      cell: (o) => formatNumber(o.members_count),
    },
    {
      title: t("organizations.status"),
      key: "suspension",
      card: "status",
      class: "whitespace-nowrap",
      cell: (o) => <SuspensionBadge suspension={o.suspension} />,
    },
    {
      title: t("organizations.created"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (o) => formatDate(new Date(o.created_at), locale),
    },
  ];

  const data = query.data;
  return (
    <div className="space-y-4">
      <SearchBox
        label={t("organizations.searchLabel")}
        value={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        submitLabel={t("common.searchSubmit")}
        clearLabel={t("common.clearSearch")}
      />
      <ListTable
        caption={t("organizations.caption")}
        hideCaption
        columns={columns}
        rowKey={(o) => o.id}
        emptyText={t("organizations.empty")}
        skeletonRows={5}
        page={data}
        query={query}
        list={list}
      />
    </div>
  );
}
