import type { TAdminUserMembership } from "@sms/domain/contracts/admin";
import { formatDate, formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useAdminUser } from "../api/get-user";
import { roleOf } from "../lib/user-role";
import { DetailState } from "./detail-state";
import { UserActions } from "./user-actions";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * One account for support (issue 24 D66): verification, the wrong-password lock, open sessions,
 * organizations, and the actions the terms promise (unlock by phone, end sessions, verification).
 */
export function UserDetail({ id }: { id: number }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const query = useAdminUser(id);
  const back = (
    <Link to={lp("/admin/users")} className="text-sm font-medium text-primary-700 underline">
      ← {t("user.back")}
    </Link>
  );

  if (!Number.isSafeInteger(id) || id < 1 || query.isPending || query.isError)
    return <DetailState id={id} query={query} back={back} />;

  const user = query.data;
  const verified = (ok: boolean) => (
    <span className={`block text-sm font-normal ${ok ? "text-emerald-700" : "text-amber-800"}`}>
      {ok ? t("users.verified") : t("users.unverified")}
    </span>
  );
  const columns: DataTableColumn<TAdminUserMembership, "none">[] = [
    {
      title: t("user.organization"),
      key: "name",
      class: "min-w-48",
      cell: (m) => (
        <Link
          to={lp(`/admin/organizations/${m.organization_id}`)}
          className="font-medium text-primary-700 underline"
        >
          {m.name}
        </Link>
      ),
    },
    {
      title: t("users.roles"),
      key: "role",
      class: "whitespace-nowrap",
      cell: (m) => t(`organization.memberRole.${m.role}`, { defaultValue: String(m.role) }),
    },
  ];

  return (
    <div className="space-y-6">
      {back}
      <div>
        <h1 className="text-2xl font-semibold break-words" data-testid="user-name">
          {`${user.first_name} ${user.last_name}`.trim()}
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-gray-600">
          <span className="inline-block rounded-full bg-gray-100 px-2 py-0.5 text-sm text-gray-800">
            {t(`users.role.${roleOf(user.roles)}`)}
          </span>
          {user.locked ? (
            <span
              className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-sm text-red-800"
              data-testid="user-locked"
            >
              {t("users.locked")}
            </span>
          ) : null}
        </p>
      </div>

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t("users.email")}>
          <span className="break-words">{user.email}</span>
          {verified(user.email_verified)}
        </Fact>
        <Fact label={t("users.phone")}>
          <span data-testid="user-phone">{toLocalPhone(user.phone_number)}</span>
          {verified(user.phone_verified)}
        </Fact>
        <Fact label={t("user.lock")}>
          {user.locked_at
            ? t("user.lockedSince", { date: formatDateTime(new Date(user.locked_at), locale) })
            : t("user.notLocked")}
        </Fact>
        <Fact label={t("user.sessions")}>
          <span data-testid="user-sessions">{formatNumber(user.open_sessions)}</span>
          <span className="block text-sm font-normal text-gray-600">
            {user.last_sign_in_at
              ? t("user.lastSignIn", { date: formatDateTime(new Date(user.last_sign_in_at), locale) })
              : t("user.neverSignedIn")}
          </span>
        </Fact>
      </dl>
      <p className="text-sm text-gray-600">
        {t("user.created", { date: formatDate(new Date(user.created_at), locale) })}
      </p>

      <UserActions user={user} />

      {/* Not a section: the table under the heading is the region of that name (axe landmark-unique). */}
      <div className="space-y-2">
        <h2 id="user-organizations-heading" className="text-lg font-semibold">
          {t("user.organizationsTitle")}
        </h2>
        <DataTable
          caption={t("user.organizationsTitle")}
          hideCaption
          columns={columns}
          rows={user.memberships}
          rowKey={(m) => m.organization_id}
          emptyText={t("user.organizationsEmpty")}
        />
      </div>
    </div>
  );
}
