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
      <VerificationPanel />
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {done ? (
          <Link
            to={lp("/dashboard")}
            className="font-semibold text-primary-700 underline-offset-2 hover:underline"
          >
            {t("verification.toDashboard")}
          </Link>
        ) : null}
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
