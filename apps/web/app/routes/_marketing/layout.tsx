import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { useLocalizedPath } from "~/lib/locale";

/** Spec §2 landing layout: landing navbar and footer around the marketing pages. */
export default function MarketingLayout() {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-gray-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
          <Link to={lp("/")} className="text-lg font-bold text-primary-700">
            {t("app.name")}
          </Link>
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <Link to={lp("/login")} className="min-h-10 rounded-md px-3 py-2 text-sm font-medium">
              {t("nav.login")}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-gray-200 py-6 text-center text-sm text-gray-600">
        {t("app.copyright", { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
