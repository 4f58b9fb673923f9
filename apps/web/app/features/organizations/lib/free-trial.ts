import type { TMe } from "@sms/domain/contracts/accounts";

/**
 * Spec §4 free-trial banner: the default organization has not redeemed the trial and is not an
 * active credit holder (it does not have both an expiry date and credits).
 */
export function showsFreeTrialBanner(organization: TMe["default_organization"] | undefined): boolean {
  if (!organization) return false;
  if (organization.credit_trial_redeemed_at) return false;
  const activeHolder = Boolean(organization.credit_expired_on) && organization.credits > 0;
  return !activeHolder;
}

/** Spec §3/§7: the switch list leaves out the organization marked with current_member. */
export function switchTargets<T extends { current_member: unknown }>(organizations: readonly T[]): T[] {
  return organizations.filter((o) => !o.current_member);
}

/**
 * Spec §2: the organization item of the sidebar is hidden by default. It shows for members of more
 * than one organization, who also get the switch; everyone reaches their organization from the
 * user menu.
 */
export function showsOrganizationMenu(organizations: readonly { member_role: number }[]) {
  return organizations.length > 1;
}
