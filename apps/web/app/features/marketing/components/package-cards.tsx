import type { TPublicPackage } from "@sms/domain/contracts/marketing";
import type { Locale } from "@sms/domain/routes";
import { localizePath } from "@sms/domain/routes";
import { useTranslation } from "react-i18next";
import { formatBahtShort, formatCount, formatPerSms, lowestPricePerSmsSatang } from "../format";
import { Check } from "./icons";

/**
 * The price list. Each text carries its template (`data-tpl`) so the enhancement script can refill
 * a card from the live API answer in the same words; the prerendered text is the build catalogue.
 */
export function PackageCards({ packages, locale }: { packages: TPublicPackage[]; locale: Locale }) {
  const { t, i18n } = useTranslation("marketing");
  const cheapest = lowestPricePerSmsSatang(packages);
  /** The catalogue text with its {{placeholders}}, for the script to fill in. */
  const tpl = (key: string) => String(i18n.getResource(i18n.language, "marketing", key) ?? "");
  return (
    <ul data-packages-list className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {packages.map((p) => {
        const values = {
          name: p.name,
          credits: formatCount(p.credits),
          count: p.months,
          price: formatBahtShort(p.price_satang),
          perSms: formatPerSms(p.price_per_sms_satang),
        };
        const best = !p.is_trial && p.price_per_sms_satang === cheapest;
        return (
          <li
            key={p.id}
            data-package-id={p.id}
            data-kind={p.is_trial ? "trial" : "paid"}
            className={`relative flex flex-col rounded-xl border bg-white p-6 shadow-sm ${p.is_trial ? "border-secondary-500" : "border-gray-200"}`}
          >
            <span
              data-best
              hidden={!best}
              className="absolute right-4 top-4 rounded-full bg-primary-700 px-2.5 py-0.5 text-sm font-semibold text-white"
            >
              {t("packages.bestValue")}
            </span>
            {p.is_trial ? (
              <h3 className="text-xl font-bold text-gray-950">{t("packages.trialBadge")}</h3>
            ) : (
              <h3 className="text-xl font-bold text-gray-950" data-tpl="{{name}}">
                {p.name}
              </h3>
            )}
            <p className="mt-1 text-3xl font-bold text-primary-700">
              {p.is_trial ? (
                t("packages.free")
              ) : (
                <span data-tpl={tpl("packages.price")}>{t("packages.price", { price: values.price })}</span>
              )}
            </p>
            <ul className="mt-4 space-y-2 text-gray-800">
              <li className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-primary-700" />
                <span data-tpl={tpl("packages.credits")}>
                  {t("packages.credits", { credits: values.credits })}
                </span>
              </li>
              <li className="flex items-center gap-2">
                <Check className="size-4 shrink-0 text-primary-700" />
                <span data-tpl={tpl("packages.validity_other")} data-tpl-one={tpl("packages.validity_one")}>
                  {t("packages.validity", { count: p.months })}
                </span>
              </li>
              {!p.is_trial && (
                <li className="flex items-center gap-2">
                  <Check className="size-4 shrink-0 text-primary-700" />
                  <span data-tpl={tpl("packages.perSms")}>
                    {t("packages.perSms", { perSms: values.perSms })}
                  </span>
                </li>
              )}
            </ul>
            <a
              // A paid package is carried through sign-up or sign-in into its cart (issue 10).
              href={localizePath(p.is_trial ? "/register" : `/register?package_id=${p.id}`, locale)}
              data-app-href={localizePath(
                p.is_trial ? "/carts?free_trial=true" : `/carts?package_id=${p.id}`,
                locale,
              )}
              {...(p.is_trial ? {} : { "data-package-link": "" })}
              className={`mt-6 inline-flex min-h-11 items-center justify-center rounded-md px-5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 ${
                p.is_trial
                  ? "bg-secondary-400 text-gray-950 hover:bg-secondary-300"
                  : "bg-primary-700 text-white hover:bg-primary-800"
              }`}
            >
              {p.is_trial ? (
                t("cta.freeTrialButton")
              ) : (
                <>
                  {t("packages.buyShort")}{" "}
                  <span className="sr-only" data-tpl={tpl("packages.buyName")}>
                    {t("packages.buyName", { name: p.name })}
                  </span>
                </>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
