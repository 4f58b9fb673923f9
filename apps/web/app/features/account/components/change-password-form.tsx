import { zodResolver } from "@hookform/resolvers/zod";
import { type TChangePasswordRequest, ZChangePasswordRequest } from "@sms/domain/contracts/accounts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button, TextInput } from "~/components/form";
import { FormAlert, useFieldError, useServerErrors, withConfirmation } from "~/features/auth";
import { useLocalizedPath } from "~/lib/locale";
import { session, signOutNotice } from "~/lib/session";
import { useChangePassword } from "../api/change-password";
import { SectionCard } from "./section-card";

const FIELDS = ["current_password", "password", "password_confirmation"] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  current_password: "password.current",
  password: "auth:fields.newPassword",
  password_confirmation: "auth:fields.passwordConfirmation",
};

/** Spec §8: a changed password ends every session, says "Please login again" and goes to /login. */
export function ChangePasswordForm() {
  const { t } = useTranslation("account");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const client = useQueryClient();
  const fieldError = useFieldError();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TChangePasswordRequest>({
    resolver: withConfirmation(zodResolver(ZChangePasswordRequest)),
    defaultValues: { current_password: "", password: "", password_confirmation: "" },
  });
  const serverErrors = useServerErrors(setError, FIELDS);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { message } = await change.mutateAsync(values);
      toast.success(message);
      session.clear();
      signOutNotice.set("password_changed");
      client.clear();
      navigate(lp("/login"), { replace: true });
    } catch (error) {
      setFormError(serverErrors(error));
    }
  });

  return (
    <SectionCard title={t("password.title")} description={t("password.intro")} testId="change-password">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{formError}</FormAlert>
        {FIELDS.map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                type="password"
                label={t(LABELS[name])}
                description={name === "password" ? t("auth:fields.passwordHint") : undefined}
                isRequired
                maxLength={name === "current_password" ? undefined : 20}
                autoComplete={name === "current_password" ? "current-password" : "new-password"}
                error={fieldError(fieldState.error?.message)}
              />
            )}
          />
        ))}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" isLoading={change.isPending}>
            {t("password.submit")}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
