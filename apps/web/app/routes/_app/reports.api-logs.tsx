import { useCurrentUser } from "~/features/account";
import { ApiLogsPage } from "~/features/api-logs";
import { PageTitle } from "~/features/auth";

/** /reports/api-logs: the public API's request log (issue 27 point 3). */
export default function ApiLogsReportPage() {
  const { organizationId } = useCurrentUser();
  return (
    <section>
      <PageTitle />
      {organizationId === null ? null : <ApiLogsPage organizationId={organizationId} />}
    </section>
  );
}
