import { Outlet } from "react-router";
import { AppProviders } from "~/components/layout/app-providers";
import { LanguageSwitcher } from "~/components/layout/language-switcher";

/** Tools for people trying the product locally; the server hides these paths in production. */
export default function DevLayout() {
  return (
    <AppProviders>
      <div className="min-h-screen">
        <header className="flex items-center justify-between border-b border-gray-200 bg-white px-4 py-3">
          <span className="font-mono text-sm text-gray-600">dev</span>
          <LanguageSwitcher />
        </header>
        <main id="main" className="mx-auto max-w-5xl p-4">
          <Outlet />
        </main>
      </div>
    </AppProviders>
  );
}
