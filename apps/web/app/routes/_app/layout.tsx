import { localizePath, splitLocale } from "@sms/domain/routes";
import { Outlet, redirect } from "react-router";
import { AppProviders } from "~/components/layout/app-providers";
import { AppShell } from "~/components/layout/app-shell";
import { AccountGate, CreditBalance, CurrentUserProvider, UserMenu } from "~/features/account";
import { session } from "~/lib/session";
import type { Route } from "./+types/layout";

/** Spec §2 route guard: without a stored token, go to /login. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (!session.hasToken()) {
    const { locale } = splitLocale(new URL(request.url).pathname);
    throw redirect(localizePath("/login", locale));
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
