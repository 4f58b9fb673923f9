import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { CartView } from "~/features/orders";

/** /carts?package_id= (or ?free_trial=true): the totals, the PromptPay QR and the order with its proof. */
export default function CartsPage() {
  const { t } = useTranslation("orders");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("cart.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("cart.intro")}</p>
      </div>
      <CartView />
    </div>
  );
}
