import type { TMember } from "@sms/domain/contracts/organizations";
import { useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MODAL_OVERLAY_CLASS } from "~/components/dialog";
import { Button, FormAlert, spokenName } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useChangeMemberRole } from "../api/change-member-role";
import { RoleSelect } from "./add-member-dialog";
import { roleKey } from "./role-label";

/**
 * The owner gives a member another role (issue 24 D49). The server keeps the rules (not one's
 * own, not the organization's owner's, never the last owner's) and says why it refuses.
 */
export function ChangeRoleDialog({ organizationId, member }: { organizationId: number; member: TMember }) {
  const { t } = useTranslation("organizations");
  const [isOpen, setOpen] = useState(false);
  const [role, setRole] = useState(String(member.role));
  const [error, setError] = useState<string | null>(null);
  const change = useChangeMemberRole(organizationId);

  const open = () => {
    setRole(String(member.role));
    setError(null);
    setOpen(true);
  };
  const submit = async () => {
    setError(null);
    try {
      await change.mutateAsync({ memberId: member.id, role: Number(role) });
      toast.success(t("members.roleChanged", { name: member.name, role: t(roleKey(Number(role))) }));
      setOpen(false);
    } catch (e) {
      if (isApiError(e) && e.signedOut) return;
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <>
      <Button
        variant="light-gray"
        size="sm"
        onClick={open}
        aria-label={spokenName(t("members.changeRole"), t("members.changeRoleNamed", { name: member.name }))}
        data-testid={`change-role-${member.id}`}
      >
        {t("members.changeRole")}
      </Button>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={(next) => (next ? setOpen(true) : change.isPending || setOpen(false))}
        isDismissable={!change.isPending}
        className={MODAL_OVERLAY_CLASS}
      >
        <Modal className="w-full max-w-md">
          <Dialog className="rounded-lg bg-white p-6 shadow-xl outline-none">
            <Heading slot="title" className="text-lg font-bold text-gray-900">
              {t("members.changeRoleTitle", { name: member.name })}
            </Heading>
            <p className="mt-1 text-sm text-gray-600">{t("members.changeRoleIntro")}</p>
            <form
              noValidate
              className="mt-4 space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <FormAlert>{error}</FormAlert>
              <RoleSelect value={role} onChange={setRole} />
              <div className="flex justify-end gap-2">
                <Button variant="light-gray" onClick={() => setOpen(false)} disabled={change.isPending}>
                  {t("actions.cancel")}
                </Button>
                <Button type="submit" isLoading={change.isPending} disabled={role === String(member.role)}>
                  {t("members.changeRoleSubmit")}
                </Button>
              </div>
            </form>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
