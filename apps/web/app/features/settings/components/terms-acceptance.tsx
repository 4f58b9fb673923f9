import type { TMe } from "@sms/domain/contracts/accounts";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/locale";

/**
 * The in-app terms page's header facts (spec §2 "a terms and conditions page", issue 15 point 5):
 * the current terms version (GET /configurations tnc_version) and when the user accepted which
 * version (the current user's tnc_log).
 */
export function TermsAcceptance({
  version,
  versionFailed,
  user,
}: {
  /** The current version; undefined while loading. */
  version: string | undefined;
  versionFailed: boolean;
  user: TMe | null;
}) {
  const { t } = useTranslation(["settings", "common"]);
  const locale = useLocale();
  const log = user?.tnc_log ?? null;
  return (
    <div
      className="space-y-1 rounded-lg border border-gray-200 bg-white p-4 text-sm shadow-sm"
      data-testid="terms-facts"
    >
      <p className="font-medium text-gray-900" data-testid="terms-version">
        {version !== undefined ? (
          t("terms.version", { version })
        ) : versionFailed ? (
          t("terms.versionUnknown")
        ) : (
          <span aria-busy="true">{t("common:loading")}</span>
        )}
      </p>
      {user ? (
        <p className="text-gray-700" data-testid="terms-accepted">
          {log
            ? t("terms.accepted", {
                version: log.version,
                at: formatDateTime(new Date(log.accepted_at), locale),
              })
            : t("terms.notAccepted")}
        </p>
      ) : null}
      {log && version !== undefined && log.version !== version ? (
        <p className="text-amber-800" data-testid="terms-outdated">
          {t("terms.outdated")}
        </p>
      ) : null}
    </div>
  );
}
