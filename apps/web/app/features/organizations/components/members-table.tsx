import { MEMBER_SORT, type TMember } from "@sms/domain/contracts/organizations";
import { formatNumber } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, spokenName } from "~/components/form";
import { type DataTableColumn, ListTable, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useListParams } from "~/lib/use-list-params";
import { useCreditUsageSummary } from "../api/credit-usage-summary";
import { useDeleteMember } from "../api/delete-member";
import { membersKey } from "../api/keys";
import { useMembers } from "../api/list-members";
import { AddMemberDialog } from "./add-member-dialog";
import { ChangeRoleDialog } from "./change-role-dialog";
import { roleKey } from "./role-label";

type SortKey = (typeof MEMBER_SORT.keys)[number];

export interface MembersTableProps {
  organizationId: number;
  /** Owners add and delete members and see their credit usage (spec §6). */
  canManage: boolean;
  /** The signed-in user, who cannot remove themself. */
  userId: number | undefined;
}

/** The organization's members: name, e-mail, role and credit usage; owners add and remove. */
export function MembersTable({ organizationId, canManage, userId }: MembersTableProps) {
  const { t } = useTranslation("organizations");
  const list = useListParams({ sort: MEMBER_SORT, key: membersKey(organizationId) });
  const query = useMembers(organizationId, list.request, list.queryKey);
  const remove = useDeleteMember(organizationId);
  const usage = useCreditUsageSummary(organizationId, canManage);
  const [doomed, setDoomed] = useState<TMember | null>(null);
  const afterRemoval = useFocusAfterDelete(
    doomed !== null,
    query.data?.data.entities.map((m) => m.id),
  );

  const confirmDelete = async () => {
    if (!doomed) return;
    try {
      await remove.mutateAsync(doomed.id);
      toast.success(t("members.deleted"));
      afterRemoval.done(doomed.id);
    } catch (error) {
      if (!isApiError(error) || !error.signedOut)
        toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDoomed(null);
    }
  };

  const columns: DataTableColumn<TMember, SortKey>[] = [
    {
      title: t("fields.name"),
      key: "name",
      sort: true,
      class: "min-w-40",
      cell: (m) => (
        <>
          <span className="font-medium text-gray-900">{m.name}</span>
          {m.is_owner ? (
            <span className="ms-2 inline-block rounded-full bg-primary-50 px-2 py-0.5 text-xs text-primary-800">
              {t("members.organizationOwner")}
            </span>
          ) : null}
        </>
      ),
    },
    {
      title: t("fields.email"),
      key: "email",
      sort: true,
      class: "min-w-48 break-words",
      cell: (m) => m.email,
    },
    { title: t("fields.role"), key: "role", sort: true, cell: (m) => t(roleKey(m.role)) },
    ...(canManage
      ? [
          {
            title: t("members.creditUsage"),
            key: "credit_usage",
            class: "text-end tabular-nums",
            cell: (m: TMember) => formatNumber(m.credit_usage ?? 0),
          },
          {
            title: t("members.manage"),
            key: "manage",
            class: "text-end",
            cell: (m: TMember) =>
              m.is_owner || m.user_id === userId ? null : (
                <span className="inline-flex flex-wrap justify-end gap-2">
                  <ChangeRoleDialog organizationId={organizationId} member={m} />
                  <Button
                    variant="light-error"
                    size="sm"
                    onClick={() => setDoomed(m)}
                    aria-label={spokenName(t("members.delete"), t("members.deleteNamed", { name: m.name }))}
                  >
                    {t("members.delete")}
                  </Button>
                </span>
              ),
          },
        ]
      : []),
  ];

  const data = query.data?.data;
  return (
    // Not a section: the list under the heading is the region named "Members" (its caption), and a
    // second landmark of the same name is one too many (axe landmark-unique).
    // The focus comes here after a removal: the row's Remove button goes with its row.
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="members-region">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="members-heading" className="text-lg font-semibold text-gray-900">
          {t("members.title")}
        </h2>
        {canManage ? <AddMemberDialog organizationId={organizationId} /> : null}
      </div>
      <ListTable
        caption={t("members.title")}
        hideCaption
        columns={columns}
        rowKey={(m) => m.id}
        emptyText={t("members.empty")}
        page={data}
        query={query}
        list={list}
      />
      {canManage && usage.data ? (
        <dl
          className="grid max-w-md grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm"
          data-testid="usage-summary"
        >
          <dt className="text-gray-600">{t("members.usageMembers")}</dt>
          <dd className="text-end tabular-nums">{formatNumber(usage.data.members)}</dd>
          <dt className="text-gray-600">{t("members.usageUnattributed")}</dt>
          <dd className="text-end tabular-nums">{formatNumber(usage.data.unattributed)}</dd>
          <dt className="border-t border-gray-200 pt-1 font-semibold text-gray-900">
            {t("members.usageTotal")}
          </dt>
          <dd className="border-t border-gray-200 pt-1 text-end font-semibold tabular-nums">
            {formatNumber(usage.data.total)}
          </dd>
        </dl>
      ) : null}
      <ConfirmDialog
        isOpen={doomed !== null}
        title={t("members.deleteTitle")}
        body={t("members.deleteBody", { name: doomed?.name ?? "", email: doomed?.email ?? "" })}
        confirmLabel={t("members.delete")}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        cancelLabel={t("actions.cancel")}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
