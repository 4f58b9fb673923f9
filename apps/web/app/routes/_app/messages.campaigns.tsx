import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { CampaignForm } from "~/features/campaigns";

/** /messages/campaigns: a campaign to contact groups and typed numbers, previewed before it is sent. */
export default function CampaignPage() {
  const { t } = useTranslation("campaigns");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("intro")}</p>
      </div>
      <CampaignForm />
    </div>
  );
}
