import { PRODUCT_VERSION } from "@sms/domain/version";
import { type ReactNode, useEffect, useState } from "react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "~/lib/use-media-query";
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

/** Where the sidebar is always shown (Tailwind's `lg`): the drawer has no use there. */
const WIDE_QUERY = "(min-width: 1024px)";

/**
 * Spec §2 "default admin layout": sidebar, navbar, footer and the free-trial bar slot. Below 1024 px
 * the sidebar is a drawer: a modal dialog that takes the focus (its × first), closes with Escape, the
 * ×, a tap beside it or a chosen page, and gives the focus back to the menu button. On a phone the
 * top bar leaves out the page name: the page's own heading says it, and there is no room for it.
 */
export function AppShell({ children, banner, topbarEnd, showOrganization, renderSidebar }: AppShellProps) {
  const { t } = useTranslation("common");
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const wide = useMediaQuery(WIDE_QUERY);
  // A window widened past the drawer's breakpoint shows the sidebar: the drawer and its scroll lock go.
  useEffect(() => {
    if (wide) setMenuOpen(false);
  }, [wide]);
  const sidebar = (onNavigate?: () => void) =>
    renderSidebar ? (
      renderSidebar(onNavigate)
    ) : (
      <Sidebar showOrganization={showOrganization} onNavigate={onNavigate} />
    );
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
          {/* The brand and the menu share the screen's height: the menu scrolls, the page never grows past it. */}
          {/* A sticky banner (a suspension) sets --app-banner-height: the sidebar and top bar stay below it. */}
          <div className="sticky top-[var(--app-banner-height,0px)] flex h-[calc(100vh-var(--app-banner-height,0px))] flex-col">
            <div className="bg-primary-800 px-4 py-4 text-lg font-bold text-white">{t("app.name")}</div>
            <div className="min-h-0 flex-1">{sidebar()}</div>
          </div>
        </aside>
        <ModalOverlay
          isOpen={menuOpen}
          onOpenChange={setMenuOpen}
          isDismissable
          className="fixed inset-0 z-40 bg-black/40 lg:hidden"
        >
          <Modal className="absolute inset-y-0 left-0 w-72 max-w-[85vw] outline-none">
            <Dialog
              aria-label={t("nav.mainMenu")}
              className="flex h-full flex-col outline-none"
              data-testid="menu-drawer"
            >
              <div className="flex items-center justify-between gap-2 bg-primary-800 py-2 ps-4 pe-2 text-white">
                <span className="text-lg font-bold">{t("app.name")}</span>
                <button
                  type="button"
                  // biome-ignore lint/a11y/noAutofocus: the drawer is a modal dialog; its × is the first thing to reach.
                  autoFocus
                  aria-label={t("nav.closeMenu")}
                  onClick={closeMenu}
                  className="inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-2xl leading-none hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-secondary-400"
                  data-testid="menu-close"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
              <div className="min-h-0 flex-1">{sidebar(closeMenu)}</div>
            </Dialog>
          </Modal>
        </ModalOverlay>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-[var(--app-banner-height,0px)] z-30 flex h-14 items-center gap-3 border-b border-gray-200 bg-white px-3 sm:px-6">
            <button
              type="button"
              className="inline-flex min-h-10 min-w-10 items-center justify-center rounded-md border border-gray-300 lg:hidden"
              aria-label={t("nav.openMenu")}
              aria-expanded={menuOpen}
              aria-haspopup="dialog"
              onClick={() => setMenuOpen(true)}
              data-testid="menu-button"
            >
              <span aria-hidden="true">☰</span>
            </button>
            <div className="min-w-0 flex-1">
              <div className="hidden sm:block">
                <Breadcrumb />
              </div>
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
