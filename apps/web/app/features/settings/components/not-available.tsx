import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { dataKey } from "~/lib/i18n";
import { useLocalizedPath } from "~/lib/locale";
import { useCurrentRoute } from "~/lib/route-key";

/**
 * What /surveys and /sub-accounts* show when opened directly (spec §2 and §6: surveys disabled,
 * sub-accounts hidden and disabled): the page's name, that it is not available, and a way back.
 */
export function NotAvailable() {
  const { t } = useTranslation("settings");
  const route = useCurrentRoute();
  const lp = useLocalizedPath();
  const page = route ? t(dataKey<"common">(`pages.${route.key}`), { ns: "common" }) : "";
  return (
    <section
      aria-labelledby="not-available-title"
      className="mx-auto my-8 max-w-xl rounded-lg border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-8"
      data-testid="not-available"
    >
      <h1 id="not-available-title" className="text-2xl font-semibold text-gray-900">
        {page}
      </h1>
      <p className="mt-3 inline-block rounded-full bg-gray-100 px-3 py-1 text-sm font-medium text-gray-700">
        {t("notAvailable.title")}
      </p>
      <p className="mt-4 text-gray-600">{t("notAvailable.body", { page })}</p>
      <Link to={lp("/dashboard")} className={`${buttonClassName({ variant: "primary" })} mt-6`}>
        {t("notAvailable.back")}
      </Link>
    </section>
  );
}
