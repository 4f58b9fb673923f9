import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { AdminSendersQueue } from "~/features/senders";
import { pageTitle } from "~/lib/meta";

/** /admin/senders: staff check sender requests' evidence and approve or block them. */
export default function AdminSendersPage() {
  const { t } = useTranslation("senders");
  const { pathname } = useLocation();
  const locale = pathname.startsWith("/en") ? "en" : "th";
  return (
    <section className="space-y-4">
      <title>{pageTitle(`${locale}:admin.senders`, pathname)}</title>
      <div>
        <h1 className="text-2xl font-semibold">{t("admin.title")}</h1>
        <p className="text-gray-600">{t("admin.intro")}</p>
      </div>
      <AdminSendersQueue />
    </section>
  );
}
