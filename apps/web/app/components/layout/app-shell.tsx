import { PRODUCT_VERSION } from "@sms/domain/version";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Breadcrumb } from "./breadcrumb";
import { LanguageSwitcher } from "./language-switcher";
import { Sidebar } from "./sidebar";

export interface AppShellProps {
  children: ReactNode;
  /** Free-trial bar slot above everything (spec §2 admin layout). */
  banner?: ReactNode;
  /** Credit balance and user dropdown, right of the language switcher. */
  topbarEnd?: ReactNode;
  showOrganization?: boolean;
  /** Replaces the customer sidebar (e.g. the back office); gets the drawer's close callback. */
  renderSidebar?: (onNavigate?: () => void) => ReactNode;
}

/** Spec §2 "default admin layout": sidebar, navbar, footer and the free-trial bar slot. */
export function AppShell({ children, banner, topbarEnd, showOrganization, renderSidebar }: AppShellProps) {
  const { t } = useTranslation("common");
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
      >
        {t("nav.skipToContent")}
      </a>
      {banner}
      <div className="flex flex-1">
        <aside className="hidden w-64 shrink-0 lg:block">
          <div className="sticky top-0 h-screen">
            <div className="bg-primary-800 px-4 py-4 text-lg font-bold text-white">{t("app.name")}</div>
            {renderSidebar ? renderSidebar() : <Sidebar showOrganization={showOrganization} />}
          </div>
        </aside>
        {menuOpen && (
          <div className="fixed inset-0 z-40 lg:hidden">
            <button
              type="button"
              aria-label={t("nav.closeMenu")}
              className="absolute inset-0 bg-black/40"
              onClick={closeMenu}
            />
            <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw]">
              {renderSidebar ? (
                renderSidebar(closeMenu)
              ) : (
                <Sidebar showOrganization={showOrganization} onNavigate={closeMenu} />
              )}
            </div>
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-gray-200 bg-white px-3 sm:px-6">
            <button
              type="button"
              className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border border-gray-300 lg:hidden"
              aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen((o) => !o)}
            >
              <span aria-hidden="true">☰</span>
            </button>
            <div className="min-w-0 flex-1">
              <Breadcrumb />
            </div>
            <LanguageSwitcher />
            {topbarEnd}
          </header>
          <main id="main" className="flex-1 p-3 sm:p-6">
            {children}
          </main>
          <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 bg-white px-6 py-3 text-xs text-gray-500">
            <span>{t("app.copyright", { year: new Date().getFullYear() })}</span>
            <span data-testid="app-version">{PRODUCT_VERSION}</span>
          </footer>
        </div>
      </div>
    </div>
  );
}
