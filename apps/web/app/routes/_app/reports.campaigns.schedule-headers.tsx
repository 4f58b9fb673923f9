import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { PageTitle } from "~/features/auth";
import { SchedulesTable } from "~/features/schedules";
import { useLocalizedPath } from "~/lib/locale";

/** /reports/campaigns/schedule_headers: scheduled and recurring campaigns (spec §2, §3, §4). */
export default function ScheduleHeadersPage() {
  const { t } = useTranslation("schedules");
  const lp = useLocalizedPath();
  return (
    <div className="space-y-6">
      <PageTitle />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
          <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("page.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={lp("/messages/campaigns")} className={buttonClassName({ variant: "primary" })}>
            {t("page.newCampaign")}
          </Link>
          <Link to={lp("/reports/campaigns")} className={buttonClassName({ variant: "light-gray" })}>
            {t("page.campaigns")}
          </Link>
        </div>
      </div>
      <SchedulesTable />
    </div>
  );
}
