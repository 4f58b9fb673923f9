import { useTranslation } from "react-i18next";
import { useCurrentUser } from "~/features/account";
import { SmsApiSettings } from "~/features/api-keys";
import { PageTitle } from "~/features/auth";

/** /sms-api: the organization's API keys and IP whitelist. */
export default function SmsApiPage() {
  const { t } = useTranslation("api-keys");
  const { organizationId } = useCurrentUser();
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("page.intro")}</p>
      </div>
      {organizationId === null ? null : <SmsApiSettings organizationId={organizationId} />}
    </div>
  );
}
