import { splitLocale } from "@sms/domain/routes";
import { Outlet, redirect } from "react-router";
import { AppProviders } from "~/components/layout/app-providers";
import { AppShell } from "~/components/layout/app-shell";
import { AccountGate, CreditBalance, CurrentUserProvider, UserMenu } from "~/features/account";
import { loginPath, session } from "~/lib/session";
import type { Route } from "./+types/layout";

/** Spec §2 route guard: without a stored token, go to /login, which comes back here after signing in. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!session.hasToken()) {
    const url = new URL(request.url);
    throw redirect(loginPath(splitLocale(url.pathname).locale, `${url.pathname}${url.search}`));
  }
  return null;
}

/** The signed-in area: the current user is loaded on entry and shared; terms and verify checks follow. */
export default function AppLayout() {
  return (
    <AppProviders>
      <CurrentUserProvider>
        <AppShell
          topbarEnd={
            <>
              <CreditBalance />
              <UserMenu />
            </>
          }
        >
          <Outlet />
        </AppShell>
        <AccountGate />
      </CurrentUserProvider>
    </AppProviders>
  );
}
