import type { TAdminOrganization } from "@sms/domain/contracts/admin";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/locale";

export function SuspensionBadge({ suspension }: { suspension: TAdminOrganization["suspension"] }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  if (!suspension) {
    return (
      <span className="inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-emerald-800">
        {t("organizations.active")}
      </span>
    );
  }
  return (
    <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-red-800">
      {t("organizations.suspendedUntil", { date: formatDateTime(new Date(suspension.until), locale) })}
    </span>
  );
}
