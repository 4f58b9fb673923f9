import { API_LOG_RETENTION_DAYS } from "@sms/domain/contracts/api-logs";
import { useTranslation } from "react-i18next";
import { ApiLogsTable } from "./api-logs-table";

/** /reports/api-logs: the title, what the log keeps and does not, and the table. */
export function ApiLogsPage({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation("api-logs");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("intro", { days: API_LOG_RETENTION_DAYS })}</p>
      </div>
      <ApiLogsTable organizationId={organizationId} />
    </div>
  );
}
