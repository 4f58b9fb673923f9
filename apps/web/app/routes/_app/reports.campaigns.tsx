import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { PageTitle } from "~/features/auth";
import { CampaignsReportTable } from "~/features/campaign-reports";
import { useLocalizedPath } from "~/lib/locale";

/** /reports/campaigns: the organization's campaigns, each linking to its report (spec §2). */
export default function CampaignReportsPage() {
  const { t } = useTranslation("campaign-reports");
  const lp = useLocalizedPath();
  return (
    <div className="space-y-6">
      <PageTitle />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
          <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("page.intro")}</p>
        </div>
        <Link
          to={lp("/reports/campaigns/schedule_headers")}
          className={buttonClassName({ variant: "light-primary" })}
          data-testid="schedules-link"
        >
          {t("list.schedulesLink", { ns: "schedules" })}
        </Link>
      </div>
      <CampaignsReportTable />
    </div>
  );
}
