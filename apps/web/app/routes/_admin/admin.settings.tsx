import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { HolidaysEditor, TncVersionForm } from "~/features/admin";
import { pageTitle } from "~/lib/meta";

export default function SettingsPage() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  const locale = pathname.startsWith("/en") ? "en" : "th";
  return (
    <section className="space-y-6">
      <title>{pageTitle(`${locale}:admin.settings`, pathname)}</title>
      <div>
        <h1 className="text-2xl font-semibold">{t("settings.title")}</h1>
        <p className="max-w-3xl text-gray-600">{t("settings.intro")}</p>
      </div>
      <section
        className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
        aria-labelledby="tnc-heading"
      >
        <h2 id="tnc-heading" className="text-lg font-semibold">
          {t("settings.tncTitle")}
        </h2>
        <TncVersionForm />
      </section>
      <section
        className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
        aria-labelledby="holidays-heading"
      >
        <h2 id="holidays-heading" className="text-lg font-semibold">
          {t("settings.holidaysTitle")}
        </h2>
        <p className="text-sm text-gray-600">{t("settings.holidaysIntro")}</p>
        <HolidaysEditor />
      </section>
    </section>
  );
}
