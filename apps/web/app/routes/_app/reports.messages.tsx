import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { MessagesReport, MessagesReportIntro } from "~/features/message-reports";

/** /reports/messages: every message of the organization (a member's own) over a period, with its totals and exports (spec §2). */
export default function MessagesReportPage() {
  const { t } = useTranslation("message-reports");
  return (
    <section className="space-y-4">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("title")}</h1>
        <MessagesReportIntro />
      </div>
      <MessagesReport />
    </section>
  );
}
