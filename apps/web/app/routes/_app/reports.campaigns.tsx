import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { CampaignsReportTable } from "~/features/campaign-reports";

/** /reports/campaigns: the organization's campaigns, each linking to its report (spec §2). */
export default function CampaignReportsPage() {
  const { t } = useTranslation("campaign-reports");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("page.intro")}</p>
      </div>
      <CampaignsReportTable />
    </div>
  );
}
