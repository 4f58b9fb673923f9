import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { ensureLanguage, localeFromPathname } from "~/lib/i18n";
import type { Route } from "./+types/root";
import "./app.css";
import { installChunkReloadGuard } from "~/lib/chunk-reload";

if (typeof window !== "undefined") installChunkReloadGuard();

export function Layout({ children }: { children: React.ReactNode }) {
  const locale = localeFromPathname(useLocation().pathname);
  ensureLanguage(locale);
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7f1616" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function HydrateFallback() {
  return <div aria-busy="true" className="min-h-screen" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
