import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { buttonClassName } from "~/components/form";
import { chosenPackage, PACKAGE_PARAM, packageIdFrom } from "~/lib/chosen-package";
import { useLocalizedPath } from "~/lib/locale";
import { FreeTrialCart } from "./free-trial-cart";
import { OrderForm } from "./order-form";

function Heading({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-1 text-sm text-gray-600">{intro}</p>
    </div>
  );
}

/**
 * /carts: the package from `?package_id=`, or the free trial with `?free_trial=true` (spec §2),
 * each with its own heading: nothing to transfer or attach for the free trial (review D48).
 */
export function CartView() {
  const { t } = useTranslation("orders");
  const lp = useLocalizedPath();
  const [params] = useSearchParams();
  // Arrived: the package remembered through sign-up or sign-in has done its job.
  useEffect(() => void chosenPackage.take(), []);
  if (params.get("free_trial") === "true") {
    return (
      <div className="space-y-6">
        <Heading title={t("trial.title")} intro={t("trial.intro")} />
        <FreeTrialCart />
      </div>
    );
  }
  const packageId = packageIdFrom(params.get(PACKAGE_PARAM));
  return (
    <div className="space-y-6">
      <Heading title={t("cart.title")} intro={t("cart.intro")} />
      {packageId === null ? (
        <div className="space-y-3">
          <p className="text-gray-700">{t("cart.noPackage")}</p>
          <Link to={lp("/subscriptions")} className={buttonClassName({})}>
            {t("cart.choosePackage")}
          </Link>
        </div>
      ) : (
        // A new package starts a new form: nothing typed for another package carries over.
        <OrderForm key={packageId} packageId={packageId} />
      )}
    </div>
  );
}
