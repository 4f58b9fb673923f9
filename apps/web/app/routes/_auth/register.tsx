import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Button, buttonClassName, FormAlert } from "~/components/form";
import {
  AuthHeading,
  type RegisterFlow,
  RegisterForm,
  RegisterSteps,
  registerCredentials,
  registerFlow,
  sentCode,
  startRegistrationOver,
} from "~/features/auth";
import { chosenPackage, PACKAGE_PARAM, packageIdFrom } from "~/lib/chosen-package";
import { useLocalizedPath } from "~/lib/locale";
import { authPageMeta } from "~/lib/meta";
import { session } from "~/lib/session";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ location }) => authPageMeta("register", location.pathname);

/** The registration in progress in this browser (its steps and its register token), if any. */
function pendingRegistration(): RegisterFlow | null {
  const flow = registerFlow.get();
  if (flow && session.get("register")) return flow;
  // Steps without a token (the session ended, or it was signed out): nothing to resume.
  if (flow) registerFlow.clear();
  return null;
}

const EDITABLE = ["phone_number", "email"] as const;

/**
 * Step 1 of registration: create the account; the phone code is on its way when this answers.
 * With a registration in progress in this browser (another tab, the code step's "edit" link, the
 * browser's Back), the form comes back filled and corrects that registration (review D2, D3, D72).
 */
export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const edit = params.get("edit");
  const focus = EDITABLE.find((name) => name === edit);
  // Read after hydration: the prerendered page cannot know this browser's storage.
  const [pending, setPending] = useState<RegisterFlow | null>(null);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => setPending(pendingRegistration()), []);
  // A package chosen on the public price list waits for the end of registration (issue 10).
  useEffect(() => chosenPackage.remember(packageIdFrom(params.get(PACKAGE_PARAM))), [params]);
  const continuePath = pending?.phone_verified
    ? "/register/email-verification"
    : "/register/mobile-verification";

  return (
    <>
      <RegisterSteps current={0} />
      <AuthHeading title={t("register.title")}>{t("register.intro")}</AuthHeading>
      {pending ? (
        <FormAlert tone="info" className="mb-4" testId="register-resume">
          <span className="block">{t("register.resume.text", { email: pending.email })}</span>
          <span className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            <Link
              to={lp(continuePath)}
              className={buttonClassName({ size: "sm" })}
              data-testid="register-continue"
            >
              {t("register.resume.continue")}
            </Link>
            <Button
              size="sm"
              variant="light-gray"
              onClick={async () => {
                await startRegistrationOver();
                setPending(null);
                setFormKey((key) => key + 1);
              }}
            >
              {t("register.resume.startOver")}
            </Button>
          </span>
        </FormAlert>
      ) : null}
      <RegisterForm
        key={formKey}
        resume={() => {
          const flow = pendingRegistration();
          if (!flow) return null;
          const typed = registerCredentials.peek();
          return {
            first_name: flow.first_name ?? "",
            last_name: flow.last_name ?? "",
            email: flow.email,
            phone_number: flow.phone_number,
            // Kept in memory only: after a reload the password is typed again.
            ...(typed ? { password: typed.password, password_confirmation: typed.password } : {}),
            accept_terms: true,
          };
        }}
        focus={focus}
        onRegistered={(result, input) => {
          if (result.token_register) session.set(result.token_register, "register");
          registerFlow.save({
            first_name: input.first_name,
            last_name: input.last_name,
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
