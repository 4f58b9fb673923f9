/** TanStack Query keys the campaign form reads (under the owners' prefixes, so their invalidations refresh them). */
export const CAMPAIGN_GROUPS_KEY = ["contact-groups", "list", "campaign-choices"] as const;
export const CAMPAIGNS_KEY = ["campaigns"] as const;
