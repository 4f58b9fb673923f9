import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { PackageList } from "~/features/orders";

/**
 * /subscriptions: the packages on sale; each goes to its cart. The heading is the page's name in
 * the menu, the breadcrumb and the tab title (common `pages.subscriptions`): one name (review D10).
 */
export default function SubscriptionsPage() {
  const { t } = useTranslation("orders");
  const { t: common } = useTranslation("common");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{common("pages.subscriptions")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("packages.intro")}</p>
      </div>
      <PackageList />
    </div>
  );
}
