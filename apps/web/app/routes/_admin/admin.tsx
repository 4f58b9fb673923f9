import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocalizedPath } from "~/lib/locale";
import { pageTitle } from "~/lib/meta";

export default function BackofficeOverview() {
  const { t } = useTranslation("admin");
  const lp = useLocalizedPath();
  const { pathname } = useLocation();
  return (
    <section className="space-y-4">
      <title>{pageTitle(pathname.startsWith("/en") ? "en:admin" : "th:admin", pathname)}</title>
      <h1 className="text-2xl font-semibold">{t("overview.title")}</h1>
      <p className="max-w-2xl text-gray-600">{t("overview.intro")}</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <li className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 className="font-semibold">{t("nav.contactSubmissions")}</h2>
          <Link
            to={lp("/admin/contact-submissions")}
            className="mt-2 inline-block font-medium text-primary-700 underline"
          >
            {t("overview.open")}
          </Link>
        </li>
      </ul>
    </section>
  );
}
