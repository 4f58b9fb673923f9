import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocalizedPath } from "~/lib/locale";
import { pageTitle } from "~/lib/meta";

const SECTIONS = [
  { path: "/admin/contact-submissions", label: "nav.contactSubmissions" },
  { path: "/admin/orders", label: "nav.orders" },
  { path: "/admin/senders", label: "nav.senders" },
  { path: "/admin/users", label: "nav.users" },
  { path: "/admin/organizations", label: "nav.organizations" },
  { path: "/admin/packages", label: "nav.packages" },
  { path: "/admin/settings", label: "nav.settings" },
  { path: "/admin/audit", label: "nav.audit" },
] as const;

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
        {SECTIONS.map((section) => (
          <li key={section.path} className="rounded-lg border border-gray-200 bg-white p-4">
            <h2 className="font-semibold">{t(section.label)}</h2>
            <Link to={lp(section.path)} className="mt-2 inline-block font-medium text-primary-700 underline">
              {t("overview.open")}
              <span className="sr-only"> {t(section.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
