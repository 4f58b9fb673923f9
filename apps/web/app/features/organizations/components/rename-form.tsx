import {
  type TOrganization,
  type TRenameOrganizationRequest,
  ZRenameOrganizationRequest,
} from "@sms/domain/contracts/organizations";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, FormAlert, FormTextInput, useContractForm } from "~/components/form";
import { useRenameOrganization } from "../api/rename-organization";

const FIELDS = ["name"] as const;

/** The owner's rename (PATCH /c/organizations/{id}): the name as a heading until "Rename" is pressed. */
export function OrganizationName({
  organization,
  canRename,
}: {
  organization: TOrganization;
  canRename: boolean;
}) {
  const { t } = useTranslation("organizations");
  const [editing, setEditing] = useState(false);
  const rename = useRenameOrganization(organization.id);
  const { control, submit, formError } = useContractForm<
    TRenameOrganizationRequest,
    TRenameOrganizationRequest
  >({
    contract: ZRenameOrganizationRequest,
    values: { name: organization.name },
    fields: FIELDS,
    onValid: async (values) => {
      await rename.mutateAsync(values);
      toast.success(t("detail.renamed"));
      setEditing(false);
    },
  });

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-words text-gray-900" data-testid="organization-name">
          {organization.name}
        </h1>
        {canRename ? (
          <Button variant="light-primary" size="sm" onClick={() => setEditing(true)}>
            {t("detail.rename")}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-3">
      <FormAlert>{formError}</FormAlert>
      <FormTextInput
        control={control}
        name="name"
        label={t("fields.name")}
        isRequired
        autoFocus
        maxLength={100}
      />
      <div className="flex gap-2">
        <Button type="submit" isLoading={rename.isPending}>
          {t("detail.save")}
        </Button>
        <Button variant="light-gray" onClick={() => setEditing(false)}>
          {t("actions.cancel")}
        </Button>
      </div>
    </form>
  );
}
