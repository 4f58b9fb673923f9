import { toLocalPhone } from "@sms/domain/rules/phone";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate } from "react-router";
import { FormAlert, useWordedMessage } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocalizedPath } from "~/lib/locale";
import { session } from "~/lib/session";
import { login } from "../api/login";
import { requestVerify } from "../api/request-verify";
import { useVerify } from "../api/verify";
import {
  type RegisterFlow,
  registerCredentials,
  registerFlow,
  registrationCompleted,
  sentCode,
} from "../lib/flow-state";
import { AuthHeading } from "./auth-heading";
import { OtpForm } from "./otp-form";
import { RegisterNoCode } from "./register-no-code";
import { RegisterSteps } from "./register-steps";

/**
 * Steps 2 and 3 of registration, on /register/mobile-verification and /register/email-verification.
 * They run on the register token (token_register); the last one signs the new user in with the
 * password kept in memory from step 1, or sends them to sign in by hand after a reload.
 */
export function RegisterVerifyStep({ type }: { type: "phone" | "email" }) {
  const { t } = useTranslation(["auth", "common"]);
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const verify = useVerify();
  const [flow, setFlow] = useState<RegisterFlow | null>(() => registerFlow.get());
  const [requestError, setRequestError] = useWordedMessage<string>();
  const requested = useRef(false);
  const [hasToken] = useState(() => session.get("register") !== null);
  const sent = type === "phone" ? (flow?.phone ?? null) : (flow?.email_code ?? null);

  const finish = async () => {
    const credentials = registerCredentials.take();
    registerFlow.clear();
    registrationCompleted.mark();
    if (credentials) {
      try {
        await login(credentials);
      } catch {
        // The account is ready either way; /register/completed offers the sign-in link.
      }
    }
    session.clear("register");
    navigate(lp("/register/completed"), { replace: true });
  };

  const send = async () => {
    const ticket = await requestVerify(type);
    setFlow(
      registerFlow.update(type === "phone" ? { phone: sentCode(ticket) } : { email_code: sentCode(ticket) }),
    );
  };

  // The e-mail code is sent when the step opens (the phone code was sent by the registration itself).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit.
  useEffect(() => {
    if (type !== "email" || !flow || !hasToken || flow.email_code || requested.current) return;
    requested.current = true;
    send().catch((error: unknown) => {
      if (isApiError(error) && error.signedOut) return;
      if (isApiError(error) && error.status === 409) return void finish();
      setRequestError(isApiError(error) ? error.message : t("common:error.general"));
    });
  }, []);

  if (!flow || !hasToken) return <Navigate to={lp("/register")} replace />;
  if (type === "email" && !flow.phone_verified)
    return <Navigate to={lp("/register/mobile-verification")} replace />;

  const onVerify = async (code: string) => {
    if (!sent) return;
    await verify.mutateAsync({ type, code, ref_code: sent.ref_code });
    if (type === "phone") {
      registerFlow.update({ phone_verified: true });
      navigate(lp("/register/email-verification"));
    } else {
      await finish();
    }
  };

  return (
    <>
      <RegisterSteps current={type === "phone" ? 1 : 2} />
      <AuthHeading title={t(type === "phone" ? "register.phoneTitle" : "register.emailTitle")}>
        {t(type === "phone" ? "register.phoneIntro" : "register.emailIntro")}
      </AuthHeading>
      <FormAlert className="mb-4">{requestError}</FormAlert>
      <OtpForm
        key={type}
        channel={type === "phone" ? "sms" : "email"}
        destination={type === "phone" ? toLocalPhone(flow.phone_number) : flow.email}
        sent={sent}
        destinationAction={
          // Back to step 1 with the form filled: the correction keeps this registration (ADR 36).
          <Link
            to={lp(`/register?edit=${type === "phone" ? "phone_number" : "email"}`)}
            className="mt-1 inline-block font-semibold text-primary-700 underline-offset-2 hover:underline"
            data-testid="register-edit"
          >
            {t(type === "phone" ? "register.editPhone" : "register.editEmail")}
          </Link>
        }
        onVerify={onVerify}
        onResend={async () => {
          setRequestError(null);
          await send();
        }}
      />
      <RegisterNoCode type={type} />
    </>
  );
}
