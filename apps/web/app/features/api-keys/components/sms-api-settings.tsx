import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useApiKeysAccess } from "../api/get-access";
import { ApiKeysPanel } from "./api-keys-panel";
import { OtpSettingsCard } from "./otp-settings-card";
import { SmppAccountCard } from "./smpp-account-card";
import { WebhookSecretCard } from "./webhook-secret-card";
import { WhitelistTable } from "./whitelist-table";

/**
 * /sms-api (spec §2): the organization's API keys and IP whitelist. Members who may not change them
 * (anyone but the owner, or everyone while the organization is suspended) see them read-only, told why.
 */
export function SmsApiSettings({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation(["api-keys", "api-docs", "api-logs"]);
  const locale = useLocale();
  const lp = useLocalizedPath();
  const access = useApiKeysAccess(organizationId);
  const canManage = access.data?.canManage === true;
  return (
    <div className="space-y-8">
      <nav className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label={t("page.more")}>
        <Link
          to={lp("/sms-api/docs")}
          className="font-medium text-primary-700 underline"
          data-testid="api-docs-link"
        >
          {t("page.title", { ns: "api-docs" })}
        </Link>
        <Link
          to={lp("/sms-api/console")}
          className="font-medium text-primary-700 underline"
          data-testid="api-console-link"
        >
          {t("console.title", { ns: "api-docs" })}
        </Link>
        <Link
          to={lp("/reports/api-logs")}
          className="font-medium text-primary-700 underline"
          data-testid="api-logs-link"
        >
          {t("links.log", { ns: "api-logs" })}
        </Link>
      </nav>
      {access.data && !access.data.canManage ? (
        <p
          role="note"
          className="max-w-3xl rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900"
          data-testid="read-only-note"
        >
          {access.data.reason === "role"
            ? t("page.ownerOnly")
            : t("page.suspended", {
                until: formatDateTime(new Date(access.data.until), locale),
                reason: access.data.suspensionReason,
              })}
        </p>
      ) : null}
      <ApiKeysPanel organizationId={organizationId} canManage={canManage} />
      <WhitelistTable canManage={canManage} />
      <OtpSettingsCard organizationId={organizationId} canManage={canManage} />
      <WebhookSecretCard organizationId={organizationId} canManage={canManage} />
      <SmppAccountCard organizationId={organizationId} canManage={canManage} />
    </div>
  );
}
