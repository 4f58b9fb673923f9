import { formatDate, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/lib/locale";
import { useOrganization } from "../api/get-organization";

/** The organization's name, remaining credits and expiry above its credit history. */
export function CreditSummary({ id }: { id: number }) {
  const { t } = useTranslation("organizations");
  const locale = useLocale();
  const query = useOrganization(id);
  if (!query.data) return null;
  const o = query.data;
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-2 rounded-lg border border-gray-200 bg-white p-4 text-sm">
      <div>
        <dt className="text-gray-500">{t("fields.name")}</dt>
        <dd className="font-semibold text-gray-900">{o.name}</dd>
      </div>
      <div>
        <dt className="text-gray-500">{t("fields.credits")}</dt>
        <dd className="font-semibold text-gray-900 tabular-nums" data-testid="organization-credits">
          {formatNumber(o.credits)}
        </dd>
      </div>
      <div>
        <dt className="text-gray-500">{t("fields.expiry")}</dt>
        <dd className="font-semibold text-gray-900" data-testid="organization-expiry">
          {o.credit_expired_on ? formatDate(new Date(o.credit_expired_on), locale) : "–"}
        </dd>
      </div>
    </dl>
  );
}
