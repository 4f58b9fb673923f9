import { useParams } from "react-router";
import { ApiMessageDetail } from "~/features/api-reports";
import { PageTitle } from "~/features/auth";

/** /reports/sms-api/{id}: one API message with its delivery webhooks (spec §2, issue 14 point 5). */
export default function SmsApiMessagePage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <ApiMessageDetail key={id} id={id} />
    </section>
  );
}
