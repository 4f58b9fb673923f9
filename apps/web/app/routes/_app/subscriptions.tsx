import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { PackageList } from "~/features/orders";

/** /subscriptions: the packages on sale; each goes to its cart. */
export default function SubscriptionsPage() {
  const { t } = useTranslation("orders");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("packages.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("packages.intro")}</p>
      </div>
      <PackageList />
    </div>
  );
}
