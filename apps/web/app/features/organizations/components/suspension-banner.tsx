import { formatDateTime, splitLocale } from "@sms/domain";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useCurrentUser } from "~/features/account";

/**
 * Staff suspended the current organization (spec §9 terms: up to 15 days for suspected misuse):
 * say so above every page, with the end and the reason, since sending, buying and the API are
 * refused meanwhile. Not closable: it explains why things do not work.
 */
export function SuspensionBanner() {
  const { t } = useTranslation("organizations");
  const { locale } = splitLocale(useLocation().pathname);
  const { user } = useCurrentUser();
  const suspension = user?.default_organization?.suspension;
  if (!suspension) return null;
  return (
    <section
      role="alert"
      data-testid="suspension-banner"
      className="bg-red-700 px-4 py-2 text-center text-sm font-medium text-white"
    >
      {t("suspension.text", {
        until: formatDateTime(new Date(suspension.until), locale),
        reason: suspension.reason,
      })}
    </section>
  );
}
