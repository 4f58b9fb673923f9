import { MEMBER_ROLES, type TAddMemberRequest, ZAddMemberRequest } from "@sms/domain/contracts/organizations";
import { MEMBER_ROLE } from "@sms/domain/roles";
import { useId, useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MODAL_OVERLAY_CLASS } from "~/components/dialog";
import { Button, FormAlert, FormTextInput, useContractForm } from "~/components/form";
import { controlClass, FieldError, FieldLabel, useErrorText } from "~/components/form/field";
import { useAddMember } from "../api/add-member";
import { roleKey } from "./role-label";

const FIELDS = ["email", "role"] as const;
type Values = { email: string; role: string };

export function RoleSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation("organizations");
  const id = useId();
  const errorText = useErrorText(error);
  return (
    <div>
      <FieldLabel htmlFor={id} id={`${id}-label`} isRequired>
        {t("fields.role")}
      </FieldLabel>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? `${id}-error` : undefined}
        className={`${controlClass} py-[calc(--spacing(2)-1px)]`}
      >
        {MEMBER_ROLES.map((role) => (
          <option key={role} value={String(role)}>
            {t(roleKey(role))}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`}>{errorText}</FieldError>
    </div>
  );
}

/**
 * The owner invites a member by e-mail with a role (spec §6, ADR 33): every new member accepts an
 * invitation first, whether or not the e-mail has an account.
 */
export function AddMemberDialog({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation("organizations");
  const [isOpen, setOpen] = useState(false);
  const add = useAddMember(organizationId);
  const { control, submit, formError, setFormError, reset } = useContractForm<Values, TAddMemberRequest>({
    contract: ZAddMemberRequest,
    defaultValues: { email: "", role: String(MEMBER_ROLE.member) },
    fields: FIELDS,
    onValid: async (values) => {
      const result = await add.mutateAsync(values);
      toast.success(result.message);
      close();
    },
  });

  const close = () => {
    setOpen(false);
    setFormError(null);
    reset();
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="add-member">
        {t("members.add")}
      </Button>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={(open) => (open ? setOpen(true) : close())}
        isDismissable
        className={MODAL_OVERLAY_CLASS}
      >
        <Modal className="w-full max-w-md">
          <Dialog className="rounded-lg bg-white p-6 shadow-xl outline-none">
            <Heading slot="title" className="text-lg font-bold text-gray-900">
              {t("members.addTitle")}
            </Heading>
            <p className="mt-1 text-sm text-gray-600">{t("members.addIntro")}</p>
            <form onSubmit={submit} noValidate className="mt-4 space-y-4">
              <FormAlert>{formError}</FormAlert>
              <FormTextInput
                control={control}
                name="email"
                type="email"
                label={t("fields.email")}
                isRequired
                autoFocus
                autoComplete="off"
              />
              <Controller
                control={control}
                name="role"
                render={({ field, fieldState }) => (
                  <RoleSelect
                    value={field.value}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <div className="flex justify-end gap-2">
                <Button variant="light-gray" onClick={close}>
                  {t("actions.cancel")}
                </Button>
                <Button type="submit" isLoading={add.isPending}>
                  {t("members.addSubmit")}
                </Button>
              </div>
            </form>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
