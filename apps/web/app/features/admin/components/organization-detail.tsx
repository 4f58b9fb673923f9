import type { TAdminCreditEntry, TAdminMember } from "@sms/domain/contracts/admin";
import { formatDate, formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "~/components/form";
import { DataTable, type DataTableColumn } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useAdminOrganization } from "../api/get-organization";
import { AdjustCreditsDialog } from "./adjust-credits-dialog";
import { DetailState } from "./detail-state";
import { ReinstateButton } from "./reinstate-button";
import { SmppSettingsForm } from "./smpp-settings-form";
import { SuspendDialog } from "./suspend-dialog";
import { SuspensionBadge } from "./suspension-badge";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-gray-900">{children}</dd>
    </div>
  );
}

/**
 * One organization for staff (issue 10): owner, balance, expiry, members, suspension and the latest
 * credit entries, with the credit adjustment and the suspension (or reinstatement).
 */
export function OrganizationDetail({ id }: { id: number }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const query = useAdminOrganization(id);
  const back = (
    <Link to={lp("/admin/organizations")} className="text-sm font-medium text-primary-700 underline">
      ← {t("organization.back")}
    </Link>
  );

  if (!Number.isSafeInteger(id) || id < 1 || query.isPending || query.isError)
    return <DetailState id={id} query={query} back={back} />;

  const org = query.data;
  const memberColumns: DataTableColumn<TAdminMember, "none">[] = [
    {
      title: t("users.name"),
      key: "name",
      class: "min-w-40",
      cell: (m) => (
        <Link to={lp(`/admin/users/${m.id}`)} className="font-medium text-primary-700 underline">
          {m.name || m.email}
        </Link>
      ),
    },
    { title: t("users.email"), key: "email", class: "min-w-48 break-words", cell: (m) => m.email },
    {
      title: t("users.phone"),
      key: "phone_number",
      class: "whitespace-nowrap",
      cell: (m) => toLocalPhone(m.phone_number),
    },
    {
      title: t("users.roles"),
      key: "role",
      class: "whitespace-nowrap",
      cell: (m) => t(`organization.memberRole.${m.role}`, { defaultValue: String(m.role) }),
    },
    {
      title: t("organization.joined"),
      key: "joined_at",
      class: "whitespace-nowrap",
      cell: (m) => formatDate(new Date(m.joined_at), locale),
    },
  ];
  const entryColumns: DataTableColumn<TAdminCreditEntry, "none">[] = [
    {
      title: t("organization.when"),
      key: "created_at",
      class: "whitespace-nowrap",
      cell: (e) => formatDateTime(new Date(e.created_at), locale),
    },
    {
      title: t("organization.type"),
      key: "type",
      class: "whitespace-nowrap",
      cell: (e) => t(`organization.entryType.${e.type}`),
    },
    {
      title: t("organization.change"),
      key: "credits",
      class: "text-end whitespace-nowrap",
      cell: (e) => (
        <span className={e.credits < 0 ? "text-red-700" : "text-emerald-700"}>
          {e.credits > 0 ? "+" : ""}
          {formatNumber(e.credits)}
        </span>
      ),
    },
    {
      title: t("organization.balanceAfter"),
      key: "balance_after",
      class: "text-end whitespace-nowrap",
      cell: (e) => formatNumber(e.balance_after),
    },
    {
      title: t("organization.reason"),
      key: "reason",
      class: "min-w-48",
      cell: (e) => <span className="break-words">{e.reason}</span>,
    },
    {
      title: t("organization.reference"),
      key: "reference",
      class: "whitespace-nowrap",
      cell: (e) => e.subject.label,
    },
  ];

  return (
    <div className="space-y-6">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold" data-testid="organization-name">
            {org.name}
          </h1>
          <p className="text-gray-600">
            {t("organization.ownerLabel")}:{" "}
            <Link to={lp(`/admin/users/${org.owner.id}`)} className="text-primary-700 underline">
              {org.owner.name || org.owner.email}
            </Link>{" "}
            · {org.owner.email} · {toLocalPhone(org.owner.phone_number)}
          </p>
          <div className="mt-2">
            <SuspensionBadge suspension={org.suspension} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <AdjustCreditsDialog organization={org} />
          {org.suspension ? <ReinstateButton organization={org} /> : <SuspendDialog organization={org} />}
        </div>
      </div>

      {org.suspension ? (
        <FormAlert tone="warning">
          {t("organization.suspendedBanner", {
            until: formatDateTime(new Date(org.suspension.until), locale),
            reason: org.suspension.reason,
          })}
        </FormAlert>
      ) : null}

      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact label={t("organization.balance")}>
          <span data-testid="organization-balance">{formatNumber(org.credits)}</span>
        </Fact>
        <Fact label={t("organization.expiry")}>
          {org.credit_expired_on
            ? formatDateTime(new Date(org.credit_expired_on), locale)
            : t("organization.noExpiry")}
        </Fact>
        <Fact label={t("organizations.members")}>{formatNumber(org.members_count)}</Fact>
        <Fact label={t("organization.trial")}>
          {org.credit_trial_redeemed_at
            ? t("organization.trialRedeemed", {
                date: formatDate(new Date(org.credit_trial_redeemed_at), locale),
              })
            : t("organization.trialNotRedeemed")}
        </Fact>
      </dl>

      {/* Support looks into the organization's work in the queues, already searched for it (review D71). */}
      <nav
        aria-label={t("organization.elsewhere")}
        className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm"
      >
        <span className="text-gray-600">{t("organization.elsewhere")}:</span>
        <Link
          to={`${lp("/admin/orders")}?${new URLSearchParams({ status: "all", search: org.name })}`}
          className="font-medium text-primary-700 underline"
          data-testid="organization-orders-link"
        >
          {t("organization.ordersLink")}
        </Link>
        <Link
          to={`${lp("/admin/senders")}?${new URLSearchParams({ status: "all", search: org.name })}`}
          className="font-medium text-primary-700 underline"
          data-testid="organization-senders-link"
        >
          {t("organization.sendersLink")}
        </Link>
        <Link
          to={`${lp("/admin/audit")}?${new URLSearchParams({ search: `organization:${org.id}` })}`}
          className="font-medium text-primary-700 underline"
        >
          {t("organization.auditLink")}
        </Link>
      </nav>

      <SmppSettingsForm organizationId={org.id} />

      <section className="space-y-2" aria-labelledby="members-heading">
        <h2 id="members-heading" className="text-lg font-semibold">
          {t("organization.membersTitle")}
        </h2>
        <DataTable
          caption={t("organization.membersCaption")}
          hideCaption
          columns={memberColumns}
          rows={org.members}
          rowKey={(m) => m.member_id}
          emptyText={t("organization.membersEmpty")}
        />
      </section>

      {/* Not a section: the table under the heading is the region of that name (axe landmark-unique). */}
      <div className="space-y-2">
        <h2 id="entries-heading" className="text-lg font-semibold">
          {t("organization.entriesTitle")}
        </h2>
        <DataTable
          caption={t("organization.entriesCaption")}
          hideCaption
          columns={entryColumns}
          rows={org.recent_credit_entries}
          rowKey={(e) => e.id}
          isFetching={query.isFetching}
          emptyText={t("organization.entriesEmpty")}
        />
      </div>
    </div>
  );
}
