import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  AuthHeading,
  RegisterForm,
  RegisterSteps,
  registerCredentials,
  registerFlow,
  sentCode,
} from "~/features/auth";
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
