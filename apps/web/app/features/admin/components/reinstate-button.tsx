import type { TAdminOrganizationDetail } from "@sms/domain/contracts/admin";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { ConfirmDialog } from "~/components/dialog";
import { Button } from "~/components/form";
import { useReinstateOrganization } from "../api/reinstate-organization";
import { errorText } from "../lib/error-text";

/** Ends a suspension now, after a confirmation. */
export function ReinstateButton({ organization }: { organization: TAdminOrganizationDetail }) {
  const { t } = useTranslation("admin");
  const [isOpen, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reinstate = useReinstateOrganization(organization.id);
  return (
    <>
      <Button
        variant="light-submit"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid="reinstate"
      >
        {t("suspend.reinstate")}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onCancel={() => setOpen(false)}
        title={t("suspend.reinstateTitle", { name: organization.name })}
        body={t("suspend.reinstateBody")}
        cancelLabel={t("common.cancel")}
        confirmTestId="confirm"
        variant="primary"
        confirmLabel={t("suspend.reinstateSubmit")}
        isPending={reinstate.isPending}
        error={error}
        onConfirm={async () => {
          try {
            await reinstate.mutateAsync();
            toast.success(t("suspend.reinstated"));
            setOpen(false);
          } catch (e) {
            setError(errorText(e, t("common.loadError")));
          }
        }}
      />
    </>
  );
}
