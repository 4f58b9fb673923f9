import { useCurrentUser } from "~/features/account";
import { ApiDocs } from "~/features/api-docs";
import { PageTitle } from "~/features/auth";

/** /sms-api/docs: the public SMS and OTP API, with examples and "Try it" (spec §2, issue 14 point 6). */
export default function SmsApiDocsPage() {
  const { organizationId } = useCurrentUser();
  return (
    <section>
      <PageTitle />
      <ApiDocs organizationId={organizationId} />
    </section>
  );
}
