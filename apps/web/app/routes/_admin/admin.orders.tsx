import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AdminOrdersQueue } from "~/features/orders";
import { pageTitle } from "~/lib/meta";

/** /admin/orders: staff check proofs of payment and approve or reject orders. */
export default function AdminOrdersPage() {
  const { t } = useTranslation("orders");
  const { pathname } = useLocation();
  const locale = pathname.startsWith("/en") ? "en" : "th";
  return (
    <section className="space-y-4">
      <title>{pageTitle(`${locale}:admin.orders`, pathname)}</title>
      <div>
        <h1 className="text-2xl font-semibold">{t("admin.title")}</h1>
        <p className="text-gray-600">{t("admin.intro")}</p>
      </div>
      <AdminOrdersQueue />
    </section>
  );
}
