import { splitLocale } from "@sms/domain/routes";
import { Outlet, redirect } from "react-router";
import { AppProviders } from "~/components/layout/app-providers";
import { AppShell } from "~/components/layout/app-shell";
import { CurrentUserProvider, UserMenu } from "~/features/account";
import { AdminOnly, BackofficeNav } from "~/features/admin";
import { loginPath, session } from "~/lib/session";
import type { Route } from "./+types/layout";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!session.hasToken()) {
    const url = new URL(request.url);
    throw redirect(loginPath(splitLocale(url.pathname).locale, `${url.pathname}${url.search}`));
  }
  return null;
}

/** Staff back office (role Admin 1000); each later issue adds its screens here. */
export default function BackofficeLayout() {
  return (
    <AppProviders>
      <CurrentUserProvider>
        <AppShell
          topbarEnd={<UserMenu />}
          renderSidebar={(onNavigate) => <BackofficeNav onNavigate={onNavigate} />}
        >
          <AdminOnly>
            <Outlet />
          </AdminOnly>
        </AppShell>
      </CurrentUserProvider>
    </AppProviders>
  );
}
