import { zodResolver } from "@hookform/resolvers/zod";
import { type TResetPasswordRequest, ZResetPasswordRequest } from "@sms/domain/contracts/accounts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router";
import { Button, FormAlert, NewPasswordFields, useContractForm } from "~/components/form";
import { AuthHeading, forgotFlow, useResetPassword, withConfirmation } from "~/features/auth";
import { useLocalizedPath } from "~/lib/locale";
import { session, signOutNotice } from "~/lib/session";

const FIELDS = ["password", "password_confirmation"] as const;

/** Forgot password, step 3: the new password; it also unlocks a locked account and ends every session. */
export default function ForgotResetPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [resetToken] = useState(() => forgotFlow.get()?.reset_token);
  const { control, submit, formError } = useContractForm<TResetPasswordRequest, TResetPasswordRequest>({
    resolver: withConfirmation(zodResolver(ZResetPasswordRequest)),
    defaultValues: { reset_token: resetToken ?? "", password: "", password_confirmation: "" },
    fields: FIELDS,
    onValid: async (values) => {
      await reset.mutateAsync(values);
      forgotFlow.clear();
      session.clear();
      // Said once, on the sign-in page (signedOut.password_reset), not again in a toast (review D60).
      signOutNotice.set("password_reset");
      navigate(lp("/login"), { replace: true });
    },
  });
  if (!resetToken) return <Navigate to={lp("/forgot")} replace />;

  return (
    <>
      <AuthHeading title={t("forgot.resetTitle")}>{t("forgot.resetIntro")}</AuthHeading>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert>
          {formError}
          {formError ? (
            <>
              {" "}
              <Link to={lp("/forgot")} className="font-semibold underline">
                {t("forgot.startAgain")}
              </Link>
            </>
          ) : null}
        </FormAlert>
        <NewPasswordFields control={control} label={t("fields.newPassword")} />
        <Button type="submit" fullWidth size="lg" isLoading={reset.isPending}>
          {t("forgot.resetSubmit")}
        </Button>
      </form>
    </>
  );
}
