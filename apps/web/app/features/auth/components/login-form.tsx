import { type TLoginRequest, ZLoginRequest } from "@sms/domain/contracts/accounts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, FormAlert, FormTextInput, useContractForm } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";
import { useEarlyInput } from "~/lib/pre-hydration";
import { useLogin } from "../api/login";

const FIELDS = ["username", "password"] as const;
const LOGIN_FORM_ID = "login-form";

/** Spec §4 Login: e-mail or phone and password; the tokens are stored by useLogin. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void | Promise<void> }) {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const login = useLogin();
  const { control, submit, formError, setValue } = useContractForm<
    TLoginRequest,
    TLoginRequest,
    { text: string; locked: boolean }
  >({
    contract: ZLoginRequest,
    defaultValues: { username: "", password: "" },
    fields: FIELDS,
    onValid: async (values) => {
      await login.mutateAsync(values);
      await onSignedIn();
    },
    formErrorOf: (error, text) =>
      text ? { text, locked: isApiError(error) && error.code === "LOCKED" } : null,
  });

  // Typed or submitted before the prerendered page hydrated: kept, and the submit goes out now.
  useEarlyInput(LOGIN_FORM_ID, {
    restore: (values) => {
      for (const name of FIELDS) {
        const value = values[name];
        if (typeof value === "string") setValue(name, value, { shouldDirty: true });
      }
    },
    submit: () => void submit(),
  });

  return (
    <form
      id={LOGIN_FORM_ID}
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-describedby={formError ? "login-error" : undefined}
    >
      {formError ? (
        <FormAlert testId="login-error">
          <span id="login-error">{formError.text}</span>
          {formError.locked ? (
            <>
              {" "}
              <Link to={lp("/forgot")} className="font-semibold underline">
                {t("login.forgot")}
              </Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <FormTextInput
        control={control}
        name="username"
        label={t("login.username")}
        description={t("login.usernameHint")}
        isRequired
        autoComplete="username"
      />
      <FormTextInput
        control={control}
        name="password"
        type="password"
        label={t("fields.password")}
        isRequired
        autoComplete="current-password"
      />
      <div className="flex justify-end">
        <Link
          to={lp("/forgot")}
          className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline"
        >
          {t("login.forgot")}
        </Link>
      </div>
      <Button type="submit" fullWidth size="lg" isLoading={login.isPending}>
        {t("login.submit")}
      </Button>
      <p className="text-center text-sm text-gray-600">
        {t("login.noAccount")}{" "}
        <Link
          to={lp("/register")}
          className="font-semibold text-primary-700 underline-offset-2 hover:underline"
        >
          {t("login.register")}
        </Link>
      </p>
    </form>
  );
}
