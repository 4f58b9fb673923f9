import { splitLocale } from "@sms/domain/routes";
import { Outlet, redirect } from "react-router";
import { AppProviders } from "~/components/layout/app-providers";
import { AppShell } from "~/components/layout/app-shell";
import { Sidebar } from "~/components/layout/sidebar";
import { AccountGate, CreditBalance, CurrentUserProvider, UserMenu } from "~/features/account";
import { BackofficeLink } from "~/features/admin";
import {
  FreeTrialBanner,
  InvitationsBanner,
  OrganizationMenuItems,
  SuspensionBanner,
  useCurrentMemberCan,
  useShowOrganizationMenu,
} from "~/features/organizations";
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

/** The shell, inside the providers: the free-trial bar and the organization menu read the user's data. */
function AppFrame() {
  const showOrganization = useShowOrganizationMenu();
  const can = useCurrentMemberCan();
  return (
    <AppShell
      banner={
        <>
          <SuspensionBanner />
          <FreeTrialBanner />
          <InvitationsBanner />
        </>
      }
      renderSidebar={(onNavigate) => (
        // Staff get a way back to the back office below the customer menu (issue 24 D8).
        <div className="flex h-full flex-col bg-primary-800">
          <div className="min-h-0 flex-1">
            <Sidebar showOrganization={showOrganization} can={can} onNavigate={onNavigate} />
          </div>
          <BackofficeLink onNavigate={onNavigate} />
        </div>
      )}
      topbarEnd={
        <>
          <CreditBalance />
          <UserMenu organizationItems={<OrganizationMenuItems />} />
        </>
      }
    >
      <Outlet />
    </AppShell>
  );
}

/** The signed-in area: the current user is loaded on entry and shared; terms and verify checks follow. */
export default function AppLayout() {
  return (
    <AppProviders>
      <CurrentUserProvider>
        <AppFrame />
        <AccountGate />
      </CurrentUserProvider>
    </AppProviders>
  );
}
