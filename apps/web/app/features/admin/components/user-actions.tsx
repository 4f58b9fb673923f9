import type { TAdminUserDetail } from "@sms/domain/contracts/admin";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button } from "~/components/form";
import { type UserAction, useUserAction } from "../api/user-actions";
import { errorText } from "../lib/error-text";

/** Whether an action applies to the user now; the button is disabled (with the reason shown) when not. */
function applies(action: UserAction, user: TAdminUserDetail): boolean {
  if (action === "unlock") return user.locked;
  if (action === "endSessions") return user.open_sessions > 0;
  return !user.email_verified || !user.phone_verified;
}

function ActionCard({ action, user }: { action: UserAction; user: TAdminUserDetail }) {
  const { t } = useTranslation("admin");
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useUserAction(user.id, action);
  const enabled = applies(action, user);
  const name = `${user.first_name} ${user.last_name}`.trim();
  const helpId = `user-action-${action}-help`;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-white p-4">
      <h3 className="font-semibold text-gray-900">{t(`user.action.${action}.title`)}</h3>
      <p id={helpId} className="flex-1 text-sm text-gray-600">
        {enabled ? t(`user.action.${action}.help`) : t(`user.action.${action}.notApplicable`)}
      </p>
      <div>
        <Button
          variant={action === "endSessions" ? "light-error" : "light-submit"}
          disabled={!enabled}
          aria-describedby={helpId}
          data-testid={`user-action-${action}`}
          onClick={() => {
            setError(null);
            setOpen(true);
          }}
        >
          {t(`user.action.${action}.button`)}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isOpen}
        onCancel={() => setOpen(false)}
        title={t(`user.action.${action}.confirmTitle`, { name })}
        body={t(`user.action.${action}.confirmBody`, { name, email: user.email })}
        cancelLabel={t("common.cancel")}
        confirmLabel={t(`user.action.${action}.button`)}
        confirmTestId="confirm"
        variant={action === "endSessions" ? "error" : "primary"}
        isPending={mutation.isPending}
        error={error}
        onConfirm={async () => {
          try {
            await mutation.mutateAsync();
            toast.success(t(`user.action.${action}.done`, { name }));
            setOpen(false);
          } catch (e) {
            setError(errorText(e, t("common.loadError")));
          }
        }}
      />
    </li>
  );
}

/** Support's actions on an account (issue 24 D66): each confirmed first, each in the audit log. */
export function UserActions({ user }: { user: TAdminUserDetail }) {
  const { t } = useTranslation("admin");
  return (
    <section className="space-y-2" aria-labelledby="user-actions-heading">
      <h2 id="user-actions-heading" className="text-lg font-semibold">
        {t("user.actionsTitle")}
      </h2>
      <ul className="grid gap-3 md:grid-cols-3">
        <ActionCard action="unlock" user={user} />
        <ActionCard action="endSessions" user={user} />
        <ActionCard action="remindVerification" user={user} />
      </ul>
    </section>
  );
}
