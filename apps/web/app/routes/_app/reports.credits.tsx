import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { CreditHistoryTable } from "~/features/organizations";

/** /reports/credits: the current organization's credit history (spec §7 GET /c/me/credits). */
export default function CreditsReportPage() {
  const { t } = useTranslation("organizations");
  return (
    <section className="space-y-4">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("credits.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("credits.intro")}</p>
      </div>
      <CreditHistoryTable organization="me" />
    </section>
  );
}
