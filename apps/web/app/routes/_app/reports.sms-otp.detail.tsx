import { useParams } from "react-router";
import { OtpRequestDetail } from "~/features/api-reports";
import { PageTitle } from "~/features/auth";

/** /reports/sms-otp/{id}: one OTP request with the status of its SMS (spec §2). */
export default function OtpRequestPage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <OtpRequestDetail key={id} id={id} />
    </section>
  );
}
