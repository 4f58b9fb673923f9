import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import {
  AuthHeading,
  RegisterForm,
  RegisterSteps,
  registerCredentials,
  registerFlow,
  sentCode,
} from "~/features/auth";
import { chosenPackage, PACKAGE_PARAM, packageIdFrom } from "~/lib/chosen-package";
import { useLocalizedPath } from "~/lib/locale";
import { authPageMeta } from "~/lib/meta";
import { session } from "~/lib/session";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ location }) => authPageMeta("register", location.pathname);

/** Step 1 of registration: create the account; the phone code is on its way when this answers. */
export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A package chosen on the public price list waits for the end of registration (issue 10).
  useEffect(() => chosenPackage.remember(packageIdFrom(params.get(PACKAGE_PARAM))), [params]);
  return (
    <>
      <RegisterSteps current={0} />
      <AuthHeading title={t("register.title")}>{t("register.intro")}</AuthHeading>
      <RegisterForm
        onRegistered={(result, input) => {
          session.set(result.token_register, "register");
          registerFlow.save({
            email: input.email,
            phone_number: input.phone_number,
            phone: sentCode(result.phone_verification),
          });
          registerCredentials.set({ username: input.email, password: input.password });
          navigate(lp("/register/mobile-verification"));
        }}
      />
    </>
  );
}
