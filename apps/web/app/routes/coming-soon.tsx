import { useTranslation } from "react-i18next";
import { Link, useLocation, useMatches } from "react-router";
import { localeFromPathname } from "~/lib/i18n";
import { useLocalizedPath } from "~/lib/locale";
import { pageTitle } from "~/lib/meta";
import { useCurrentRoute } from "~/lib/route-key";

/** Body for pages of spec §2 that are not built yet, inside their own layout. */
export default function ComingSoon() {
  const { t } = useTranslation("common");
  const route = useCurrentRoute();
  const lp = useLocalizedPath();
  const matches = useMatches();
  const { pathname } = useLocation();
  const last = matches[matches.length - 1];
  const inApp = route?.layout === "admin" || route?.layout === "backoffice";
  return (
    <section className="mx-auto my-8 max-w-xl rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center">
      <title>{pageTitle(last?.id ?? "", pathname)}</title>
      <h1 className="text-2xl font-semibold">{route ? t(`pages.${route.key}`) : t("comingSoon.title")}</h1>
      <p className="mt-2 inline-block rounded-full bg-secondary-100 px-3 py-1 text-sm font-medium text-secondary-600">
        {t("comingSoon.title")}
      </p>
      <p className="mt-4 text-gray-600">{t("comingSoon.body")}</p>
      {route?.key !== "dashboard" && (
        <Link
          to={lp(inApp ? "/dashboard" : "/")}
          className="mt-6 inline-block font-medium text-primary-700 underline"
          lang={localeFromPathname(pathname)}
        >
          {inApp ? t("comingSoon.back") : t("error.goHome")}
        </Link>
      )}
    </section>
  );
}
