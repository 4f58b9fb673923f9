// Before everything else: a signed-in page opened without a session leaves for /login at once.
import "~/lib/early-guard";
import { lazy, useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { ensureLanguage, localeFromPathname } from "~/lib/i18n";
import type { Route } from "./+types/root";
import "./app.css";
import { config as zodConfig } from "zod/v4/core";
import { installChunkReloadGuard } from "~/lib/chunk-reload";
import { HYDRATED, PRE_HYDRATION_SCRIPT } from "~/lib/pre-hydration";
import { useHydrate } from "~/lib/spa-fallback";

if (typeof window !== "undefined") installChunkReloadGuard();
// Zod probes `new Function` to compile faster parsers; the page CSP forbids eval, so the probe
// would only report a violation (and fall back to the same parsers jitless gives).
zodConfig({ jitless: true });

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = localeFromPathname(useLocation().pathname);
  const hydrate = useHydrate(useMatches());
  ensureLanguage(locale);
  // The SPA fallback is prerendered once (in Thai) for every app path, so on /en pages the
  // attribute differs at hydration; React keeps the server value, the effect corrects it.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // Effects run once the whole tree has hydrated: from here on React handles the forms.
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED, "");
  }, []);
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7f1616" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {hydrate && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, allowed by its hash in the page's CSP
          <script dangerouslySetInnerHTML={{ __html: PRE_HYDRATION_SCRIPT }} />
        )}
        {children}
        {hydrate && <ScrollRestoration />}
        {hydrate && <Scripts />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Shown while the app's code loads for a page that was not prerendered. The SPA fallback is one
 * file for both locales, so the text is bilingual and hydrates identically everywhere.
 */
export function HydrateFallback() {
  return (
    <div
      aria-busy="true"
      className="flex min-h-screen flex-col items-center justify-center gap-3 text-gray-600"
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-primary-200 border-t-primary-700"
      />
      <p role="status">กำลังโหลด… · Loading…</p>
    </div>
  );
}

/** The public header and footer, loaded only when an error page needs them (kept out of every page's bundle). */
const PublicFrame = lazy(() =>
  import("~/features/marketing/index.lazy").then((m) => ({ default: m.PublicFrame })),
);

/**
 * Unknown paths get the SPA fallback with a 404 status; its HTML is the loading screen, so that is
 * what the first (hydrating) render shows before the error page replaces it.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} pending={<HydrateFallback />} Frame={PublicFrame} />;
}
