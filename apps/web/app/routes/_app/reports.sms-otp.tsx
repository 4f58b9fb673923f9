import { ApiMessagesTable, ReportHeader } from "~/features/api-reports";
import { PageTitle } from "~/features/auth";

/** /reports/sms-otp: the one-time-code SMS sent through the OTP API (spec §2). */
export default function SmsOtpReportPage() {
  return (
    <section className="space-y-4">
      <PageTitle />
      <ReportHeader report="sms-otp" />
      <ApiMessagesTable type="otp" />
    </section>
  );
}
