import { type TUpdateMeRequest, ZUpdateMeRequest } from "@sms/domain/contracts/accounts";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, FormAlert, FormTextInput, useContractForm } from "~/components/form";
import { useUpdateMe } from "../api/update-me";
import { useCurrentUser } from "./current-user";
import { SectionCard } from "./section-card";

const FIELDS = ["first_name", "last_name"] as const;

export function ProfileForm() {
  const { t } = useTranslation(["account", "auth"]);
  const { user } = useCurrentUser();
  const update = useUpdateMe();
  const { control, submit, formError, formState } = useContractForm<TUpdateMeRequest, TUpdateMeRequest>({
    contract: ZUpdateMeRequest,
    values: { first_name: user?.first_name ?? "", last_name: user?.last_name ?? "" },
    fields: FIELDS,
    onValid: async (values, { reset }) => {
      const me = await update.mutateAsync(values);
      reset({ first_name: me.first_name, last_name: me.last_name });
      toast.success(t("profile.saved"));
    },
  });

  return (
    <SectionCard title={t("profile.title")} testId="profile-form">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{formError}</FormAlert>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextInput
            control={control}
            name="first_name"
            label={t("auth:fields.firstName")}
            isRequired
            autoComplete="given-name"
          />
          <FormTextInput
            control={control}
            name="last_name"
            label={t("auth:fields.lastName")}
            isRequired
            autoComplete="family-name"
          />
        </div>
        <div className="flex">
          <Button type="submit" isLoading={update.isPending} disabled={!formState.isDirty}>
            {t("profile.save")}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
