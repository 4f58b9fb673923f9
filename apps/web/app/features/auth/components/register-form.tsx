import { zodResolver } from "@hookform/resolvers/zod";
import { ZRegisterRequest } from "@sms/domain/contracts/accounts";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import { Button, Checkbox, TextInput } from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { type RegisterResult, useRegister } from "../api/register";
import { useFieldError } from "../hooks/use-field-error";
import { useServerErrors } from "../hooks/use-server-errors";
import { withConfirmation } from "../lib/confirmation-resolver";
import { FormAlert } from "./form-alert";

type RegisterValues = z.input<typeof ZRegisterRequest>;
type RegisterInput = z.output<typeof ZRegisterRequest>;

const FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_number",
  "password",
  "password_confirmation",
  "accept_terms",
] as const;

/** Step 1 of spec §4 Registration. The same zod contract validates here and on the server. */
export function RegisterForm({
  onRegistered,
}: {
  onRegistered: (result: RegisterResult, input: RegisterInput) => void;
}) {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const fieldError = useFieldError();
  const register = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<RegisterValues, unknown, RegisterInput>({
    resolver: withConfirmation(zodResolver(ZRegisterRequest)),
    defaultValues: {
      first_name: "",
      last_name: "",
      email: "",
      phone_number: "",
      password: "",
      password_confirmation: "",
      accept_terms: false as unknown as true,
    },
  });
  const serverErrors = useServerErrors(setError, FIELDS);

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onRegistered(await register.mutateAsync(values), values);
    } catch (error) {
      setFormError(serverErrors(error));
    }
  });

  const text = (name: "first_name" | "last_name" | "email", label: string, autoComplete: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...field}
          type={name === "email" ? "email" : "text"}
          label={label}
          isRequired
          autoComplete={autoComplete}
          error={fieldError(fieldState.error?.message)}
        />
      )}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("first_name", t("fields.firstName"), "given-name")}
        {text("last_name", t("fields.lastName"), "family-name")}
      </div>
      {text("email", t("fields.email"), "email")}
      <Controller
        control={control}
        name="phone_number"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            type="tel"
            label={t("fields.phone")}
            description={t("fields.phoneHint")}
            isRequired
            autoComplete="tel-national"
            placeholder="0812345678"
            error={fieldError(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="password"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            type="password"
            label={t("fields.password")}
            description={t("fields.passwordHint")}
            isRequired
            autoComplete="new-password"
            maxLength={20}
            error={fieldError(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="password_confirmation"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            type="password"
            label={t("fields.passwordConfirmation")}
            isRequired
            autoComplete="new-password"
            maxLength={20}
            error={fieldError(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="accept_terms"
        render={({ field, fieldState }) => (
          <Checkbox
            ref={field.ref}
            name={field.name}
            checked={Boolean(field.value)}
            onChange={(checked) => field.onChange(checked)}
            onBlur={field.onBlur}
            isRequired
            error={fieldError(fieldState.error?.message)}
          >
            <Trans
              t={t}
              i18nKey="register.acceptTerms"
              components={{
                terms: (
                  // biome-ignore lint/a11y/useAnchorContent: Trans puts the link text inside.
                  <a
                    href={lp("/clients/term-and-conditions")}
                    target="_blank"
                    rel="noreferrer"
                    className="font-semibold text-primary-700 underline"
                  />
                ),
              }}
            />
          </Checkbox>
        )}
      />
      <Button type="submit" fullWidth size="lg" isLoading={register.isPending}>
        {t("register.submit")}
      </Button>
      <p className="text-center text-sm text-gray-600">
        {t("register.haveAccount")}{" "}
        <Link to={lp("/login")} className="font-semibold text-primary-700 underline-offset-2 hover:underline">
          {t("register.login")}
        </Link>
      </p>
    </form>
  );
}
