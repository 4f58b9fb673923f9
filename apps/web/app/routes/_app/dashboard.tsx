import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { Dashboard } from "~/features/dashboard";

/** /dashboard: the signed-in landing page (spec §2, §3 dashboard figures). */
export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("page.intro")}</p>
      </div>
      <Dashboard />
    </div>
  );
}
