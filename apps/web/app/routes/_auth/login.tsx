import { localizePath, splitLocale } from "@sms/domain/routes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { redirect, useNavigate } from "react-router";
import { FormAlert } from "~/components/form";
import { AuthHeading, LoginForm } from "~/features/auth";
import { useLocalizedPath } from "~/lib/locale";
import { session, signOutNotice } from "~/lib/session";
import type { Route } from "./+types/login";

/** Signed-in users have nothing to do here. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (session.hasToken()) {
    throw redirect(localizePath("/dashboard", splitLocale(new URL(request.url).pathname).locale));
  }
  return null;
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const navigate = useNavigate();
  // Why the user landed here (session replaced, expired, password changed), shown once.
  const [reason] = useState(() => signOutNotice.peek());
  useEffect(() => signOutNotice.clear(), []);

  return (
    <>
      <AuthHeading title={t("login.title")}>{t("login.intro")}</AuthHeading>
      {reason ? (
        <FormAlert
          tone={reason === "replaced" ? "warning" : "info"}
          className="mb-4"
          testId="signed-out-reason"
        >
          {t(`signedOut.${reason}`)}
        </FormAlert>
      ) : null}
      <LoginForm onSignedIn={() => navigate(lp("/dashboard"), { replace: true })} />
    </>
  );
}
