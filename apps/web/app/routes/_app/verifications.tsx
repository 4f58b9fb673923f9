import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCurrentUser, VerificationPanel } from "~/features/account";
import { PageTitle } from "~/features/auth";
import { useLocalizedPath } from "~/lib/locale";

/** /verifications: confirm the phone and e-mail with one-time codes. */
export default function VerificationsPage() {
  const { t } = useTranslation("account");
  const lp = useLocalizedPath();
  const { user } = useCurrentUser();
  const done = Boolean(user?.phone_number_verified_at && user.email_verified_at);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle />
      <h1 className="text-2xl font-bold text-gray-900">{t("verification.pageTitle")}</h1>
      {done ? (
        <p role="status" className="rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          {t("verification.allDone")}{" "}
          <Link to={lp("/dashboard")} className="font-semibold underline">
            {t("verification.toDashboard")}
          </Link>
        </p>
      ) : null}
      <VerificationPanel />
      <p className="text-sm">
        <Link
          to={lp("/accounts")}
          className="font-semibold text-primary-700 underline-offset-2 hover:underline"
        >
          {t("verification.toAccount")}
        </Link>
      </p>
    </div>
  );
}
