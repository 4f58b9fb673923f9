import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { BackofficeHome } from "~/features/admin";
import { pageTitle } from "~/lib/meta";

export default function BackofficeOverview() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  return (
    <section className="space-y-4">
      <title>{pageTitle(pathname.startsWith("/en") ? "en:admin" : "th:admin", pathname)}</title>
      <h1 className="text-2xl font-semibold">{t("overview.title")}</h1>
      <p className="max-w-2xl text-gray-600">{t("overview.intro")}</p>
      <BackofficeHome />
    </section>
  );
}
