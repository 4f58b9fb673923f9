import { OtpRequestsTable, ReportHeader } from "~/features/api-reports";
import { PageTitle } from "~/features/auth";

/** /reports/sms-otp/headers: the OTP requests, their status and wrong checks (spec §2). */
export default function OtpRequestsPage() {
  return (
    <section className="space-y-4">
      <PageTitle />
      <ReportHeader report="otp-requests" />
      <OtpRequestsTable />
    </section>
  );
}
