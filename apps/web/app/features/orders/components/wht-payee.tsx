import type { TWhtPayee } from "@sms/domain/contracts/orders";
import { HEAD_OFFICE_BRANCH } from "@sms/domain/rules/tax-id";
import { useTranslation } from "react-i18next";

/** Whom the 50 ทวิ certificate is made out to: the seller as its tax invoices name it. */
export function WhtPayee({ payee }: { payee: TWhtPayee }) {
  const { t } = useTranslation("orders");
  const branch =
    payee.branch === HEAD_OFFICE_BRANCH ? t("wht.headOffice") : t("wht.branch", { code: payee.branch });
  return (
    <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="wht-payee">
      <dt className="text-gray-600">{t("wht.payeeName")}</dt>
      <dd className="font-medium text-gray-900">{payee.name}</dd>
      <dt className="text-gray-600">{t("wht.payeeTaxId")}</dt>
      <dd className="tabular-nums text-gray-900">
        {payee.tax_id} ({branch})
      </dd>
      <dt className="text-gray-600">{t("wht.payeeAddress")}</dt>
      <dd className="text-gray-900">{payee.address}</dd>
    </dl>
  );
}
