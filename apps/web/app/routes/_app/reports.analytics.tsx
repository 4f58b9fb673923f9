import { useTranslation } from "react-i18next";
import { DeliveryAnalytics, NumberHistory } from "~/features/analytics";
import { PageTitle } from "~/features/auth";

/** /reports/analytics: delivery rate and failure reasons over time, and a number's history (issue 27 point 2). */
export default function DeliveryAnalyticsPage() {
  const { t } = useTranslation("analytics");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("intro")}</p>
      </div>
      <DeliveryAnalytics />
      <NumberHistory />
    </div>
  );
}
