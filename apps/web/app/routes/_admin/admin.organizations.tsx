import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { OrganizationsTable } from "~/features/admin";
import { pageTitle } from "~/lib/meta";

export default function OrganizationsPage() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const locale = pathname.startsWith("/en") ? "en" : "th";
  return (
    <section className="space-y-4">
      <title>{pageTitle(`${locale}:admin.organizations`, pathname)}</title>
      <div>
        <h1 className="text-2xl font-semibold">{t("organizations.title")}</h1>
        <p className="max-w-3xl text-gray-600">{t("organizations.intro")}</p>
      </div>
      <OrganizationsTable />
    </section>
  );
}
