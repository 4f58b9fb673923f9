import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { ContactSubmissionsTable } from "~/features/admin";
import { pageTitle } from "~/lib/meta";

export default function ContactSubmissionsPage() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const locale = pathname.startsWith("/en") ? "en" : "th";
  return (
    <section className="space-y-4">
      <title>{pageTitle(`${locale}:admin.contact-submissions`, pathname)}</title>
      <div>
        <h1 className="text-2xl font-semibold">{t("contacts.title")}</h1>
        <p className="text-gray-600">{t("contacts.intro")}</p>
      </div>
      <ContactSubmissionsTable />
    </section>
  );
}
