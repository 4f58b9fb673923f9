import { zodResolver } from "@hookform/resolvers/zod";
import { type TChangePasswordRequest, ZChangePasswordRequest } from "@sms/domain/contracts/accounts";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button, FormAlert, FormTextInput, NewPasswordFields, useContractForm } from "~/components/form";
import { withConfirmation } from "~/features/auth";
import { useLocalizedPath } from "~/lib/locale";
import { session, signOutNotice } from "~/lib/session";
import { useChangePassword } from "../api/change-password";
import { SectionCard } from "./section-card";

const FIELDS = ["current_password", "password", "password_confirmation"] as const;

/** Spec §8: a changed password ends every session, says "Please login again" and goes to /login. */
export function ChangePasswordForm() {
  const { t } = useTranslation(["account", "auth"]);
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const client = useQueryClient();
  const change = useChangePassword();
  const { control, submit, formError } = useContractForm<TChangePasswordRequest, TChangePasswordRequest>({
    resolver: withConfirmation(zodResolver(ZChangePasswordRequest)),
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
    fields: FIELDS,
    onValid: async (values) => {
      const { message } = await change.mutateAsync(values);
      toast.success(message);
      session.clear();
      signOutNotice.set("password_changed");
      client.clear();
      navigate(lp("/login"), { replace: true });
    },
  });

  return (
    <SectionCard title={t("password.title")} description={t("password.intro")} testId="change-password">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{formError}</FormAlert>
        <FormTextInput
          control={control}
          name="current_password"
          type="password"
          label={t("password.current")}
          isRequired
          autoComplete="current-password"
        />
        <NewPasswordFields control={control} label={t("auth:fields.newPassword")} />
        <div className="flex">
          <Button type="submit" variant="primary" isLoading={change.isPending}>
            {t("password.submit")}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
