import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { CreditHistoryTable, CreditSummary } from "~/features/organizations";
import { useLocalizedPath } from "~/lib/locale";

/** /organizations/{id}/credits: the organization's credit history with a period and pages. */
export default function OrganizationCreditsPage() {
  const { t } = useTranslation("organizations");
  const lp = useLocalizedPath();
  const id = Number(useParams().id);
  return (
    <section className="space-y-4">
      <PageTitle />
      <Link to={lp(`/organizations/${id}`)} className="text-sm text-primary-700 underline">
        ← {t("credits.back")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("credits.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("credits.intro")}</p>
      </div>
      <CreditSummary id={id} />
      <CreditHistoryTable organization={id} />
    </section>
  );
}
