import type { TInvitation, TInvitationStatus } from "@sms/domain/contracts/organizations";
import { formatDate } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, spokenName } from "~/components/form";
import { DataTable, type DataTableColumn, useFocusAfterDelete } from "~/components/table";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useCancelInvitation } from "../api/cancel-invitation";
import { useInvitations } from "../api/list-invitations";
import { roleKey } from "./role-label";

const STATUS_CLASS: Record<TInvitationStatus, string> = {
  pending: "text-gray-900",
  expired: "text-gray-600",
  declined: "font-medium text-red-700",
};

/**
 * The invitations an owner sent that nobody has accepted (issue 10, ADR 33): e-mail, role, where
 * each stands (waiting, expired, declined) and until when, each revocable after a confirmation.
 * Only for those who manage members.
 */
export function InvitationsTable({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation("organizations");
  const locale = useLocale();
  const query = useInvitations(organizationId);
  const cancel = useCancelInvitation(organizationId);
  const [doomed, setDoomed] = useState<TInvitation | null>(null);
  const afterRemoval = useFocusAfterDelete(
    doomed !== null,
    query.data?.data.entities.map((i) => i.id),
  );

  const confirmCancel = async () => {
    if (!doomed) return;
    try {
      const result = await cancel.mutateAsync(doomed.id);
      toast.success(result.message);
      afterRemoval.done(doomed.id);
    } catch (error) {
      if (!isApiError(error) || !error.signedOut)
        toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDoomed(null);
    }
  };

  const columns: DataTableColumn<TInvitation, string>[] = [
    { title: t("fields.email"), key: "email", class: "min-w-48 break-words", cell: (i) => i.email },
    { title: t("fields.role"), key: "role", cell: (i) => t(roleKey(i.role)) },
    {
      title: t("invitations.status"),
      key: "status",
      cell: (i) => (
        <span className={STATUS_CLASS[i.status]} data-testid="invitation-status">
          {t(`invitations.statuses.${i.status}`)}
        </span>
      ),
    },
    { title: t("invitations.invitedBy"), key: "invited_by", cell: (i) => i.invited_by?.name ?? "–" },
    {
      title: t("invitations.invitedOn"),
      key: "created_at",
      class: "tabular-nums",
      cell: (i) => formatDate(new Date(i.created_at), locale),
    },
    {
      title: t("invitations.expiresOn"),
      key: "expires_at",
      class: "tabular-nums",
      cell: (i) => formatDate(new Date(i.expires_at), locale),
    },
    {
      title: t("members.manage"),
      key: "manage",
      class: "text-end",
      cell: (i) => (
        <Button
          variant="light-error"
          size="sm"
          onClick={() => setDoomed(i)}
          aria-label={spokenName(t("invitations.cancel"), t("invitations.cancelNamed", { email: i.email }))}
        >
          {t("invitations.cancel")}
        </Button>
      ),
    },
  ];

  return (
    // Not a section: the table under the heading is the region named "Invitations" (axe landmark-unique).
    // The focus comes here after a cancellation: the row's Cancel button goes with its row.
    <div {...afterRemoval.target} className="space-y-4 outline-none" data-testid="invitations-region">
      <h2 id="invitations-heading" className="text-lg font-semibold text-gray-900">
        {t("invitations.title")}
      </h2>
      <DataTable
        caption={t("invitations.title")}
        hideCaption
        columns={columns}
        rows={query.data?.data.entities}
        rowKey={(i) => i.id}
        isLoading={query.isPending}
        isFetching={query.isFetching}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t("invitations.empty")}
        skeletonRows={2}
      />
      <ConfirmDialog
        isOpen={doomed !== null}
        title={t("invitations.cancelTitle")}
        body={t("invitations.cancelBody", { email: doomed?.email ?? "" })}
        confirmLabel={t("invitations.cancel")}
        isPending={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        cancelLabel={t("invitations.keep")}
        onCancel={() => setDoomed(null)}
      />
    </div>
  );
}
