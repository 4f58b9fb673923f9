import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { PageTitle } from "~/features/auth";
import { OrdersTable } from "~/features/orders";
import { useLocalizedPath } from "~/lib/locale";

/** /orders (and /orders/headers): the organization's orders and their receipts. */
export default function OrdersPage() {
  const { t } = useTranslation("orders");
  const lp = useLocalizedPath();
  return (
    <div className="space-y-6">
      <PageTitle />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{t("table.title")}</h1>
          <p className="mt-1 text-sm text-gray-600">{t("table.intro")}</p>
        </div>
        <Link to={lp("/subscriptions")} className={buttonClassName({})}>
          {t("table.buy")}
        </Link>
      </div>
      <OrdersTable />
    </div>
  );
}
