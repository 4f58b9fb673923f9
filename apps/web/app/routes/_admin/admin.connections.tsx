import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { OtpDenyRangesEditor, SmscConnectionsEditor, SmscRoutesEditor } from "~/features/admin";
import { pageTitle } from "~/lib/meta";

export default function SmscConnectionsPage() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const locale = pathname.startsWith("/en") ? "en" : "th";
  return (
    <section className="space-y-4">
      <title>{pageTitle(`${locale}:admin.connections`, pathname)}</title>
      <div>
        <h1 className="text-2xl font-semibold">{t("smsc.title")}</h1>
        <p className="max-w-3xl text-gray-600">{t("smsc.intro")}</p>
      </div>
      <SmscConnectionsEditor />
      <SmscRoutesEditor />
      <OtpDenyRangesEditor />
    </section>
  );
}
