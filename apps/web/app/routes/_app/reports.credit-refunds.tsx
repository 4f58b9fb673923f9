import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { CreditRefundsTable } from "~/features/refunds";

/** /reports/credit-refunds: sends with their refund state, and the claim (spec §2, §4). */
export default function CreditRefundsPage() {
  const { t } = useTranslation("refunds");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("page.intro")}</p>
      </div>
      <CreditRefundsTable />
    </div>
  );
}
