import { ApiMessagesTable, ReportHeader } from "~/features/api-reports";
import { PageTitle } from "~/features/auth";

/** /reports/sms-api: the messages sent through the public SMS API (spec §2). */
export default function SmsApiReportPage() {
  return (
    <section className="space-y-4">
      <PageTitle />
      <ReportHeader report="sms-api" />
      <ApiMessagesTable type="api" />
    </section>
  );
}
