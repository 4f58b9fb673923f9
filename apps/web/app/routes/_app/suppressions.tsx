import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "~/features/auth";
import { SuppressionsList } from "~/features/suppressions";
import { useLocalizedPath } from "~/lib/locale";

/** /suppressions: the numbers the organization's marketing sends skip. */
export default function SuppressionsPage() {
  const { t } = useTranslation("suppressions");
  const lp = useLocalizedPath();
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <Link
          to={lp("/contacts")}
          className="text-sm text-primary-700 underline hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-600"
        >
          {t("backToContacts")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("intro")}</p>
      </div>
      <SuppressionsList />
    </div>
  );
}
