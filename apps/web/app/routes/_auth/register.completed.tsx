import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { AuthHeading, RegisterSteps } from "~/features/auth";
import { cartPath, chosenPackage } from "~/lib/chosen-package";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { loginPath, session } from "~/lib/session";

export default function RegisterCompletedPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const locale = useLocale();
  const signedIn = session.hasToken();
  // The package chosen before registering: its cart is where this person was going (issue 10).
  const chosen = chosenPackage.peek();
  const next = chosen === null ? null : cartPath(chosen);
  const target = signedIn ? lp(next ?? "/dashboard") : next ? loginPath(locale, next) : lp("/login");
  return (
    <>
      <RegisterSteps current={3} />
      <div className="mb-4 flex justify-center" aria-hidden="true">
        <span className="flex size-14 items-center justify-center rounded-full bg-emerald-100 text-2xl text-emerald-700">
          ✓
        </span>
      </div>
      <AuthHeading title={t("completed.title")}>
        {signedIn ? t("completed.signedIn") : t("completed.signIn")}
      </AuthHeading>
      <Link
        to={target}
        className={buttonClassName({ size: "lg", fullWidth: true })}
        data-testid="completed-continue"
      >
        {signedIn ? t("completed.toDashboard") : t("completed.toLogin")}
      </Link>
    </>
  );
}
