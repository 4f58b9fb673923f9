import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { AuthHeading, RegisterSteps } from "~/features/auth";
import { useLocalizedPath } from "~/lib/locale";
import { session } from "~/lib/session";

export default function RegisterCompletedPage() {
  const { t } = useTranslation("auth");
  const lp = useLocalizedPath();
  const signedIn = session.hasToken();
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
        to={lp(signedIn ? "/dashboard" : "/login")}
        className={buttonClassName({ size: "lg", fullWidth: true })}
        data-testid="completed-continue"
      >
        {signedIn ? t("completed.toDashboard") : t("completed.toLogin")}
      </Link>
    </>
  );
}
