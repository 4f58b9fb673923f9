import { formatBaht, VAT_PERCENT } from "@sms/domain/rules/cart";
import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, buttonClassName, FormAlert } from "~/components/form";
import { SUSPENDED_NOTICE_ID, SuspendedNotice, useSuspension } from "~/features/account";
import { cartPath } from "~/lib/chosen-package";
import { useLocalizedPath } from "~/lib/locale";
import { usePackages } from "../api/list-packages";

/** /subscriptions: the packages on sale (the free trial has its own banner), each with its cart. */
export function PackageList() {
  const { t } = useTranslation("orders");
  const lp = useLocalizedPath();
  const query = usePackages();
  const suspended = useSuspension("credits.buy") !== null;
  if (query.isPending) {
    return (
      <p aria-busy="true" className="text-sm text-gray-500">
        {t("packages.loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <FormAlert>
        {query.error.message}{" "}
        <Button variant="light-primary" size="sm" onClick={() => void query.refetch()}>
          {t("packages.retry")}
        </Button>
      </FormAlert>
    );
  }
  const packages = query.data.entities.filter((p) => !p.is_trial);
  if (packages.length === 0) return <p className="text-gray-600">{t("packages.empty")}</p>;
  return (
    <>
      <SuspendedNotice action="credits.buy" className="mb-4" />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="package-list">
        {packages.map((p) => (
          <li key={p.id} className="flex flex-col rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
            <h2 className="text-lg font-semibold text-gray-900">{p.name}</h2>
            <p className="mt-2 text-3xl font-bold text-primary-700">
              {t("cart.baht", { amount: formatBaht(p.price_satang) })}
            </p>
            <p className="text-xs text-gray-600" data-testid={`vat-note-${p.id}`}>
              {t("packages.vatExcluded", { percent: VAT_PERCENT })}
            </p>
            <dl className="mt-4 space-y-1 text-sm text-gray-700">
              <div className="flex justify-between gap-2">
                <dt>{t("packages.credits")}</dt>
                <dd className="font-medium tabular-nums">{formatNumber(p.credits)}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>{t("packages.validity")}</dt>
                <dd className="font-medium">{t("packages.months", { count: p.months })}</dd>
              </div>
              <div className="flex justify-between gap-2">
                <dt>{t("packages.perSms")}</dt>
                <dd className="font-medium tabular-nums">
                  {t("cart.baht", { amount: formatBaht(p.price_per_sms_satang) })}
                </dd>
              </div>
            </dl>
            {suspended ? (
              // No link while buying is refused: the notice above the list says why.
              <Button
                fullWidth
                disabled
                aria-describedby={SUSPENDED_NOTICE_ID}
                className="mt-5"
                data-testid={`buy-${p.id}`}
              >
                {t("packages.buy")}
                <span className="sr-only"> {p.name}</span>
              </Button>
            ) : (
              <Link
                to={lp(cartPath(p.id))}
                className={`${buttonClassName({ fullWidth: true })} mt-5`}
                data-testid={`buy-${p.id}`}
              >
                {t("packages.buy")}
                <span className="sr-only"> {p.name}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
