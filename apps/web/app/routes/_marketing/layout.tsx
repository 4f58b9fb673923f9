import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { AnnouncementBar, CookieConsent, enhanceScriptUrl, Footer, Header, SITE } from "~/features/marketing";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/layout";

/** Marketing pages ship as static HTML plus one small script (docs/decisions/0003-marketing-js-budget.md). */
export const handle = { hydrate: false };

/**
 * Reached by a client-side navigation from the app (which is hydrated): load the prerendered
 * document instead, so the page gets its own enhancement script rather than a half-working render.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ request }) => {
    window.location.assign(request.url);
    return new Promise<never>(() => {});
  },
];

/** Spec §2 landing layout: announcement bar, landing navbar, footer, plus the PDPA cookie banner. */
export default function MarketingLayout() {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  // Prerendering asks for "/clients/cookies/"; links and aria-current use the canonical form.
  const pathname = useLocation().pathname.replace(/(.)\/+$/, "$1");
  const now = new Date();
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-primary-700 focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        {t("nav.skipToContent")}
      </a>
      <AnnouncementBar locale={locale} now={now} until={SITE.announcementUntil} />
      <Header locale={locale} pathname={pathname} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer locale={locale} year={now.getFullYear()} />
      <CookieConsent locale={locale} />
      <script type="module" src={enhanceScriptUrl} />
    </div>
  );
}
