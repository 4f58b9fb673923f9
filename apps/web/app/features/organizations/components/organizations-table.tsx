import type { TOrganizationListItem } from "@sms/domain/contracts/organizations";
import { ORGANIZATION_SORT } from "@sms/domain/contracts/organizations";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type DataTableColumn, ListTable } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { ORGANIZATIONS_KEY } from "../api/keys";
import { useOrganizations } from "../api/list-organizations";
import { roleKey } from "./role-label";

type SortKey = (typeof ORGANIZATION_SORT.keys)[number];

/** /organizations: the user's organizations with owner, remaining credits and expiry. */
export function OrganizationsTable() {
  const { t } = useTranslation("organizations");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({ sort: ORGANIZATION_SORT, key: [...ORGANIZATIONS_KEY, "table"] });
  const query = useOrganizations(list.request, list.queryKey);

  const columns: DataTableColumn<TOrganizationListItem, SortKey>[] = [
    {
      title: t("fields.name"),
      key: "name",
      sort: true,
      class: "min-w-48",
      cell: (o) => (
        <>
          <Link to={lp(`/organizations/${o.id}`)} className="font-medium text-primary-700 underline">
            {o.name}
          </Link>
          {o.current_member ? (
            <span className="ms-2 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-800">
              {t("list.current")}
            </span>
          ) : null}
        </>
      ),
    },
    { title: t("fields.owner"), key: "owner", cell: (o) => o.owner.name },
    { title: t("fields.role"), key: "member_role", cell: (o) => t(roleKey(o.member_role)) },
    {
      title: t("fields.credits"),
      key: "credits",
      class: "text-end tabular-nums",
      cell: (o) => formatNumber(o.credits),
    },
    {
      title: t("fields.expiry"),
      key: "credit_expired_on",
      class: "whitespace-nowrap",
      cell: (o) => (o.credit_expired_on ? formatDate(new Date(o.credit_expired_on), locale) : "–"),
    },
  ];

  const data = query.data?.data;
  return (
    <div className="space-y-4">
      <ListTable
        caption={t("list.caption")}
        hideCaption
        columns={columns}
        rowKey={(o) => o.id}
        emptyText={t("list.empty")}
        // Most users belong to one organization (review D61); the switch list usually fills it at once.
        skeletonRows={1}
        page={data}
        query={query}
        list={list}
      />
    </div>
  );
}
