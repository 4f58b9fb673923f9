import { formatDate, splitLocale } from "@sms/domain";
import type { TMyInvitation } from "@sms/domain/contracts/organizations";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button, spokenName } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocale } from "~/lib/locale";
import { useAnswerInvitation } from "../api/answer-invitation";
import { useMyInvitations } from "../api/my-invitations";
import { roleKey } from "./role-label";

/**
 * The invitations waiting for the signed-in user, each with Accept and Decline (ADR 33). The
 * organization's and the inviter's names are other people's text: they are rendered as text only,
 * never as a link or markup. Declining asks first; accepting never switches organization.
 */
function InvitationList({ invitations }: { invitations: TMyInvitation[] }) {
  const { t } = useTranslation(["organizations", "common"]);
  const locale = useLocale();
  const answer = useAnswerInvitation();
  const [declining, setDeclining] = useState<TMyInvitation | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const send = async (invitation: TMyInvitation, kind: "accept" | "decline") => {
    setBusy(invitation.id);
    try {
      const result = await answer.mutateAsync({ id: invitation.id, answer: kind });
      toast.success(result.message);
    } catch (error) {
      if (!isApiError(error) || !error.signedOut)
        toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
      setDeclining(null);
    }
  };

  return (
    <>
      <ul className="space-y-2">
        {invitations.map((invitation) => {
          const organization = invitation.organization.name;
          return (
            <li
              key={invitation.id}
              className="flex flex-col gap-2 rounded-md border border-secondary-300 bg-white p-3 sm:flex-row sm:items-center"
              data-testid="my-invitation"
            >
              <div className="min-w-0 flex-1 text-sm text-gray-900">
                <p className="break-words">
                  {t("myInvitations.text", {
                    inviter: invitation.invited_by?.name ?? t("myInvitations.someone"),
                    organization,
                    role: t(roleKey(invitation.role)),
                  })}
                </p>
                <p className="text-gray-600">
                  {t("myInvitations.until", { date: formatDate(new Date(invitation.expires_at), locale) })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  isLoading={busy === invitation.id && declining === null}
                  disabled={busy !== null && busy !== invitation.id}
                  onClick={() => void send(invitation, "accept")}
                  aria-label={spokenName(
                    t("myInvitations.accept"),
                    t("myInvitations.acceptNamed", { organization }),
                  )}
                >
                  {t("myInvitations.accept")}
                </Button>
                <Button
                  size="sm"
                  variant="light-gray"
                  disabled={busy !== null}
                  onClick={() => setDeclining(invitation)}
                  aria-label={spokenName(
                    t("myInvitations.decline"),
                    t("myInvitations.declineNamed", { organization }),
                  )}
                >
                  {t("myInvitations.decline")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        isOpen={declining !== null}
        title={t("myInvitations.declineTitle")}
        body={t("myInvitations.declineBody", { organization: declining?.organization.name ?? "" })}
        confirmLabel={t("myInvitations.decline")}
        cancelLabel={t("myInvitations.keep")}
        isPending={busy !== null}
        confirmTestId="confirm-decline"
        onConfirm={() => {
          if (declining) void send(declining, "decline");
        }}
        onCancel={() => setDeclining(null)}
      />
    </>
  );
}

/**
 * Above every signed-in page while invitations wait: the person decides where they see it first.
 * Loading or failing shows nothing here (the organizations page has the full states), and it
 * steps aside on that page so the list is not shown twice.
 */
export function InvitationsBanner() {
  const { t } = useTranslation(["organizations", "common"]);
  const { path } = splitLocale(useLocation().pathname);
  const query = useMyInvitations();
  const invitations = query.data ?? [];
  if (path === "/organizations" || invitations.length === 0) return null;
  return (
    <section
      aria-labelledby="invitations-banner-heading"
      data-testid="invitations-banner"
      className="space-y-2 border-t border-secondary-300 bg-secondary-100 px-4 py-3"
    >
      <h2 id="invitations-banner-heading" className="text-sm font-semibold text-gray-900">
        {t("myInvitations.bannerTitle", { count: invitations.length })}
      </h2>
      <InvitationList invitations={invitations} />
    </section>
  );
}

/** The organizations page's section of the user's invitations, with loading, error and empty states. */
export function MyInvitations() {
  const { t } = useTranslation(["organizations", "common"]);
  const query = useMyInvitations();
  return (
    <section className="space-y-3" aria-labelledby="my-invitations-heading">
      <h2 id="my-invitations-heading" className="text-lg font-semibold text-gray-900">
        {t("myInvitations.title")}
      </h2>
      {query.isPending ? (
        <p aria-busy="true" className="text-sm text-gray-500">
          {t("common:loading")}
        </p>
      ) : query.isError ? (
        <div
          role="alert"
          className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p>{query.error.message}</p>
          <Button variant="light-error" size="sm" onClick={() => void query.refetch()}>
            {t("actions.retry")}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-gray-600">{t("myInvitations.empty")}</p>
      ) : (
        <InvitationList invitations={query.data} />
      )}
    </section>
  );
}
