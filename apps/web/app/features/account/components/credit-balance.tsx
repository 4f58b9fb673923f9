import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/locale";
import { useCurrentUser } from "./current-user";

/** Top-bar credit counter with thousands separators (spec §9), and the date the credits expire. */
export function CreditBalance() {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const { credits, user } = useCurrentUser();
  const expiry = user?.default_organization?.credit_expired_on;
  return (
    <div
      className="flex shrink-0 items-center gap-1.5 rounded-md bg-secondary-100 px-2 py-1.5 text-sm text-gray-800 sm:px-3"
      data-testid="credit-balance"
    >
      <span className="text-gray-600">{t("topbar.credits")}</span>
      <strong className="tabular-nums">{credits === null ? "…" : formatNumber(credits)}</strong>
      {expiry && credits ? (
        <span className="hidden text-xs text-gray-600 md:inline" data-testid="credit-expiry">
          {t("topbar.expires", { date: formatDate(new Date(expiry), locale) })}
        </span>
      ) : null}
    </div>
  );
}
