import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router";
import {
  AuthHeading,
  type ForgotFlow,
  forgotFlow,
  OtpForm,
  sentCode,
  useForgotPassword,
  useVerifyForgotPassword,
} from "~/features/auth";
import { useLocalizedPath } from "~/lib/locale";

/** Forgot password, step 2: confirm the code. */
export default function ForgotVerifyPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const verify = useVerifyForgotPassword();
  const [flow, setFlow] = useState<ForgotFlow | null>(() => forgotFlow.get());
  if (!flow) return <Navigate to={lp("/forgot")} replace />;
  const byEmail = flow.username.includes("@");

  return (
    <>
      <AuthHeading title={t("forgot.verifyTitle")}>{t("forgot.verifyIntro")}</AuthHeading>
      <OtpForm
        channel={byEmail ? "email" : "sms"}
        destination={flow.username}
        sent={flow.code}
        onVerify={async (code) => {
          const { reset_token } = await verify.mutateAsync({ token: flow.token, code });
          forgotFlow.update({ reset_token });
          navigate(lp("/forgot/reset"));
        }}
        onResend={async () => {
          const { token, ...ticket } = await forgot.mutateAsync({ username: flow.username });
          setFlow(forgotFlow.update({ token, code: sentCode(ticket) }));
        }}
      />
      <p className="mt-6 text-center text-sm">
        <Link
          to={lp("/forgot")}
          className="font-semibold text-primary-700 underline-offset-2 hover:underline"
        >
          {t("forgot.changeUsername")}
        </Link>
      </p>
    </>
  );
}
