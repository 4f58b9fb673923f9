import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { AppProviders } from "~/components/layout/app-providers";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import { useLocalizedPath } from "~/lib/locale";

/** Spec §2 auth layout: a centred card with the brand and the language switcher. */
export default function AuthLayout() {
  const { t } = useTranslation("common");
  const lp = useLocalizedPath();
  return (
    <AppProviders>
      <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-50 to-gray-50">
        <header className="flex items-center justify-between px-4 py-3 sm:px-8">
          <Link to={lp("/")} className="text-lg font-bold text-primary-700">
            {t("app.name")}
          </Link>
          <LanguageSwitcher />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center">
          <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-sm sm:p-8">
            <Outlet />
          </div>
        </main>
      </div>
    </AppProviders>
  );
}
