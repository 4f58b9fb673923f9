import { zodResolver } from "@hookform/resolvers/zod";
import { ZRegisterRequest } from "@sms/domain/contracts/accounts";
import { Controller, useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import {
  Button,
  Checkbox,
  FormAlert,
  FormTextInput,
  NewPasswordFields,
  useFieldError,
  useServerErrors,
  useWordedMessage,
} from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { type RegisterResult, useRegister } from "../api/register";
import { withConfirmation } from "../lib/confirmation-resolver";

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
  const [formError, setFormError] = useWordedMessage<string>();
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

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormAlert>{formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextInput
          control={control}
          name="first_name"
          type="text"
          label={t("fields.firstName")}
          isRequired
          autoComplete="given-name"
        />
        <FormTextInput
          control={control}
          name="last_name"
          type="text"
          label={t("fields.lastName")}
          isRequired
          autoComplete="family-name"
        />
      </div>
      <FormTextInput
        control={control}
        name="email"
        type="email"
        label={t("fields.email")}
        isRequired
        autoComplete="email"
      />
      <FormTextInput
        control={control}
        name="phone_number"
        type="tel"
        label={t("fields.phone")}
        description={t("fields.phoneHint")}
        isRequired
        autoComplete="tel-national"
        placeholder="0812345678"
      />
      <NewPasswordFields control={control} label={t("fields.password")} />
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
