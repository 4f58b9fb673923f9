import { meEndpoints } from "@sms/domain/endpoints/me";
import { USER_ROLE } from "@sms/domain/roles";
import { splitLocale } from "@sms/domain/routes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { redirect, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { FormAlert } from "~/components/form";
import { AuthHeading, LoginForm } from "~/features/auth";
import { api } from "~/lib/api-client";
import { cartPath, chosenPackage, PACKAGE_PARAM, packageIdFrom } from "~/lib/chosen-package";
import { useLocale } from "~/lib/locale";
import { authPageMeta } from "~/lib/meta";
import { afterLoginPath, NEXT_PARAM, type SignOutReason, session, signOutNotice } from "~/lib/session";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ location }) => authPageMeta("login", location.pathname);

/** Signed-in users have nothing to do here: on to the page they asked for (?next=), or the dashboard. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (session.hasToken()) {
    const url = new URL(request.url);
    throw redirect(afterLoginPath(splitLocale(url.pathname).locale, url.searchParams.get(NEXT_PARAM)));
  }
  return null;
}

/**
 * The page is prerendered (the form paints before the app's code loads); having a build-time loader
 * keeps the client loader from running before hydration, so the effect below asks it afterwards.
 */
export function loader() {
  return null;
}

/** Staff land in the back office (issue 24 D8); whoever cannot be told apart lands on the dashboard. */
async function isStaff(): Promise<boolean> {
  try {
    return (await api.call(meEndpoints.get)).data.roles.includes(USER_ROLE.admin);
  } catch {
    return false;
  }
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { revalidate } = useRevalidator();
  // Browser storage is read after hydration: the prerendered HTML cannot know it.
  useEffect(() => {
    if (session.hasToken()) void revalidate();
  }, [revalidate]);
  // A package chosen on the public price list waits for the sign-in (issue 10).
  useEffect(() => chosenPackage.remember(packageIdFrom(params.get(PACKAGE_PARAM))), [params]);
  // Why the user landed here (session replaced, expired, password changed), shown once.
  const [reason, setReason] = useState<SignOutReason | null>(null);
  useEffect(() => {
    const stored = signOutNotice.peek();
    if (stored) setReason(stored);
    signOutNotice.clear();
  }, []);

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
      <LoginForm
        onSignedIn={async () => {
          const chosen = chosenPackage.take();
          const next = params.get(NEXT_PARAM) ?? (chosen === null ? null : cartPath(chosen));
          const staff = next === null && (await isStaff());
          navigate(afterLoginPath(locale, next, staff), { replace: true });
        }}
      />
    </>
  );
}
