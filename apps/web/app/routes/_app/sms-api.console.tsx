import { useTranslation } from "react-i18next";
import { useCurrentUser } from "~/features/account";
import { TestConsole } from "~/features/api-docs";
import { PageTitle } from "~/features/auth";

/** /sms-api/console: the public API's test console (issue 27 point 3). */
export default function SmsApiConsolePage() {
  const { organizationId } = useCurrentUser();
  const { t } = useTranslation("api-docs");
  return (
    <section className="min-w-0 space-y-4">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("console.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("console.intro")}</p>
      </div>
      {organizationId === null ? null : <TestConsole organizationId={organizationId} />}
    </section>
  );
}
