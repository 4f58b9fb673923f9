import { memberCan } from "@sms/domain/permissions";
import { formatDate, formatDateTime, formatNumber } from "@sms/domain/rules/format";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/form";
import { useCurrentUser } from "~/features/account";
import { isApiError } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useOrganization } from "../api/get-organization";
import { InvitationsTable } from "./invitations-table";
import { MembersTable } from "./members-table";
import { OrganizationName } from "./rename-form";
import { roleKey } from "./role-label";

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** /organizations/{id}: name (renamed by owners), owner, remaining credits, expiry and members. */
export function OrganizationDetail({ id }: { id: number }) {
  const { t } = useTranslation(["organizations", "common"]);
  const locale = useLocale();
  const lp = useLocalizedPath();
  const { user } = useCurrentUser();
  const query = useOrganization(id);

  const heading = <h1 className="text-xl font-semibold text-gray-900">{t("detail.title")}</h1>;
  if (query.isPending) {
    return (
      <div className="space-y-3">
        {heading}
        <p aria-busy="true" className="text-sm text-gray-500">
          {t("common:loading")}
        </p>
      </div>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="space-y-3">
        {heading}
        <div role="alert" className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{notFound ? t("detail.notFound") : query.error.message}</p>
          {notFound ? (
            <Link to={lp("/organizations")} className="text-primary-700 underline">
              {t("detail.backToList")}
            </Link>
          ) : (
            <Button variant="light-error" size="sm" onClick={() => void query.refetch()}>
              {t("actions.retry")}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const o = query.data;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <OrganizationName organization={o} canRename={memberCan(o.member_role, "organization.rename")} />
        <p className="text-sm text-gray-600">
          {t("detail.yourRole", { role: t(roleKey(o.member_role)) })}
          {o.is_current ? ` · ${t("list.current")}` : ""}
        </p>
      </div>
      {o.suspension ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {t("detail.suspended", {
            until: formatDateTime(new Date(o.suspension.until), locale),
            reason: o.suspension.reason,
          })}
        </div>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t("fields.owner")}>
          <span className="block truncate">{o.owner.name}</span>
          <span className="block truncate text-sm font-normal text-gray-500">{o.owner.email}</span>
        </Fact>
        <Fact label={t("fields.credits")} testId="organization-credits">
          {formatNumber(o.credits)}
        </Fact>
        <Fact label={t("fields.expiry")} testId="organization-expiry">
          {o.credit_expired_on ? formatDate(new Date(o.credit_expired_on), locale) : "–"}
        </Fact>
        <Fact label={t("fields.members")}>{formatNumber(o.members_count)}</Fact>
      </dl>
      <Link
        to={lp(`/organizations/${o.id}/credits`)}
        className="inline-flex min-h-10 items-center text-primary-700 underline"
        data-testid="organization-credits-link"
      >
        {t("detail.creditHistory")}
      </Link>
      <MembersTable
        organizationId={o.id}
        canManage={memberCan(o.member_role, "members.manage")}
        userId={user?.id}
      />
      {memberCan(o.member_role, "members.manage") ? <InvitationsTable organizationId={o.id} /> : null}
    </div>
  );
}
