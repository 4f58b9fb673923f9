import { localizePath, splitLocale } from "@sms/domain/routes";
import { Outlet, redirect } from "react-router";
import { AppProviders } from "~/components/layout/app-providers";
import { AppShell } from "~/components/layout/app-shell";
import { session } from "~/lib/session";
import type { Route } from "./+types/layout";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!session.hasToken()) {
    const { locale } = splitLocale(new URL(request.url).pathname);
    throw redirect(localizePath("/login", locale));
  }
  return null;
}

/** Staff back office (role Admin 1000); its screens arrive with the issues that need them. */
export default function BackofficeLayout() {
  return (
    <AppProviders>
      <AppShell sidebar={<nav className="h-full bg-gray-900" aria-label="back office" />}>
        <Outlet />
      </AppShell>
    </AppProviders>
  );
}
