import { useTranslation } from "react-i18next";
import { useCurrentUser } from "~/features/account";
import { PageTitle } from "~/features/auth";
import { AlertSettings, ConsentWording } from "~/features/settings";

/**
 * /accounts/settings (My Account > Alert settings): the organization's low-credit and expiry alerts,
 * and the consent wording its contacts agree to (ADR 108).
 */
export default function AlertSettingsPage() {
  const { t } = useTranslation(["settings", "common"]);
  const { organizationId, isLoading } = useCurrentUser();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("page.intro")}</p>
      </div>
      {organizationId === null ? (
        isLoading ? (
          <p className="text-sm text-gray-500" role="status" aria-busy="true">
            {t("common:loading")}
          </p>
        ) : null
      ) : (
        <>
          <AlertSettings organizationId={organizationId} />
          <ConsentWording organizationId={organizationId} />
        </>
      )}
    </div>
  );
}
