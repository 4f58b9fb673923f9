/** The organizations feature's only door: what routes and the app layout may use. */
export { useCurrentMemberCan, useShowOrganizationMenu } from "./api/list-organizations";
export { CreditHistoryTable } from "./components/credit-history-table";
export { CreditSummary } from "./components/credit-summary";
export { FreeTrialBanner } from "./components/free-trial-banner";
export { InvitationsBanner, MyInvitations } from "./components/my-invitations";
export { OrganizationDetail } from "./components/organization-detail";
export { OrganizationMenuItems } from "./components/organization-menu-items";
export { OrganizationsTable } from "./components/organizations-table";
export { SuspensionBanner } from "./components/suspension-banner";
