import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { FileCampaignForm } from "~/features/file-campaigns";

/** /messages/files: a campaign from a CSV or XLSX file, read and previewed before it is sent. */
export default function FileCampaignPage() {
  const { t } = useTranslation("file-campaigns");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("intro")}</p>
      </div>
      <FileCampaignForm />
    </div>
  );
}
