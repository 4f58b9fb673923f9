import { zodResolver } from "@hookform/resolvers/zod";
import { ZRegisterRequest } from "@sms/domain/contracts/accounts";
import { useRef, useState } from "react";
import { Controller } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import {
  Button,
  Checkbox,
  FormAlert,
  FormTextInput,
  NewPasswordFields,
  useContractForm,
  useMessageText,
} from "~/components/form";
import { useLocalizedPath } from "~/lib/locale";
import { useEarlyInput } from "~/lib/pre-hydration";
import { editRegistration } from "../api/edit-registration";
import { type RegisterResult, useRegister } from "../api/register";
import { withConfirmation } from "../lib/confirmation-resolver";

export type RegisterValues = z.input<typeof ZRegisterRequest>;
type RegisterInput = z.output<typeof ZRegisterRequest>;
const REGISTER_FORM_ID = "register-form";

/** What step 1 answered: a new registration's token, or (a correction) the same token kept. */
export interface RegisterOutcome {
  phone_verification: RegisterResult["phone_verification"];
  token_register: RegisterResult["token_register"] | null;
}

const FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_number",
  "password",
  "password_confirmation",
  "accept_terms",
] as const;

/**
 * Step 1 of spec §4 Registration. The same zod contract validates here and on the server.
 *
 * `resume` (read once the page has hydrated) gives the details of a registration in progress in
 * this browser: the form is filled with them, and sending it corrects that registration (same
 * account, a new phone code) instead of starting another (ADR 36, review D72).
 */
export function RegisterForm({
  resume,
  focus,
  onRegistered,
}: {
  resume?: () => Partial<RegisterValues> | null;
  /** The field to put the cursor in (the code step's "edit number" link asks for the phone). */
  focus?: "phone_number" | "email";
  onRegistered: (result: RegisterOutcome, input: RegisterInput) => void;
}) {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const fieldError = useMessageText();
  const register = useRegister();
  // A ref for the submit (a submit replayed on mount runs the first render's closure), state for the label.
  const editing = useRef(false);
  const [correcting, setCorrecting] = useState(false);
  const { control, submit, formError, reset, setValue, setFocus, formState } = useContractForm<
    RegisterValues,
    RegisterInput
  >({
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
    fields: FIELDS,
    onValid: async (values) => {
      if (editing.current) {
        onRegistered({ phone_verification: await editRegistration(values), token_register: null }, values);
      } else {
        onRegistered(await register.mutateAsync(values), values);
      }
    },
  });

  useEarlyInput(REGISTER_FORM_ID, {
    prepare: () => {
      const previous = resume?.() ?? null;
      editing.current = previous !== null;
      setCorrecting(editing.current);
      if (previous) reset({ ...control._defaultValues, ...previous }, { keepDefaultValues: true });
      // After the reset's re-render, which gives the fields their refs again.
      if (focus) window.setTimeout(() => setFocus(focus), 0);
    },
    restore: (values) => {
      for (const name of FIELDS) {
        const value = values[name];
        if (name === "accept_terms") {
          if (typeof value === "boolean") setValue(name, value as true, { shouldDirty: true });
        } else if (typeof value === "string") setValue(name, value, { shouldDirty: true });
      }
    },
    submit: () => void submit(),
  });

  return (
    <form id={REGISTER_FORM_ID} onSubmit={submit} noValidate className="space-y-4">
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
      <Button type="submit" fullWidth size="lg" isLoading={formState.isSubmitting}>
        {correcting ? t("register.submitCorrection") : t("register.submit")}
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
