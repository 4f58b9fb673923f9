import { type TForgotPasswordRequest, ZForgotPasswordRequest } from "@sms/domain/contracts/accounts";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Button, FormAlert, FormTextInput, useContractForm } from "~/components/form";
import { AuthHeading, forgotFlow, sentCode, useForgotPassword } from "~/features/auth";
import { useLocalizedPath } from "~/lib/locale";
import { authPageMeta } from "~/lib/meta";
import { useEarlyInput } from "~/lib/pre-hydration";
import type { Route } from "./+types/forgot";

export const meta: Route.MetaFunction = ({ location }) => authPageMeta("forgot", location.pathname);

const FIELDS = ["username"] as const;
const FORGOT_FORM_ID = "forgot-form";

/** Forgot password, step 1: the code goes to the account's phone or e-mail (same answer for unknown ones). */
export default function ForgotPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const { control, submit, formError, reset, setValue } = useContractForm<
    TForgotPasswordRequest,
    TForgotPasswordRequest
  >({
    contract: ZForgotPasswordRequest,
    defaultValues: { username: "" },
    fields: FIELDS,
    onValid: async ({ username }) => {
      const { token, ...ticket } = await forgot.mutateAsync({ username });
      forgotFlow.save({ username, token, code: sentCode(ticket) });
      navigate(lp("/forgot/verify"));
    },
  });

  useEarlyInput(FORGOT_FORM_ID, {
    // Prerendered: the name typed earlier in this tab is filled in after hydration…
    prepare: () => {
      const username = forgotFlow.get()?.username;
      if (username) reset({ username });
    },
    // …unless something was typed before hydration; a submit made then goes out now.
    restore: ({ username }) => {
      if (typeof username === "string") setValue("username", username, { shouldDirty: true });
    },
    submit: () => void submit(),
  });

  return (
    <>
      <AuthHeading title={t("forgot.title")}>{t("forgot.intro")}</AuthHeading>
      <form id={FORGOT_FORM_ID} onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>{formError}</FormAlert>
        <FormTextInput
          control={control}
          name="username"
          label={t("login.username")}
          description={t("login.usernameHint")}
          isRequired
          autoComplete="username"
        />
        <Button type="submit" fullWidth size="lg" isLoading={forgot.isPending}>
          {t("forgot.submit")}
        </Button>
        <p className="text-center text-sm">
          <Link
            to={lp("/login")}
            className="font-semibold text-primary-700 underline-offset-2 hover:underline"
          >
            {t("forgot.back")}
          </Link>
        </p>
      </form>
    </>
  );
}
