/** TanStack Query keys of the campaign reports: every list page and campaign under one prefix. */
export const CAMPAIGN_REPORTS_KEY = ["campaign-reports"] as const;
export const CAMPAIGN_REPORTS_LIST_KEY = [...CAMPAIGN_REPORTS_KEY, "list"] as const;
export const campaignKey = (id: number) => [...CAMPAIGN_REPORTS_KEY, "campaign", id] as const;
export const campaignMessagesKey = (id: number) => [...campaignKey(id), "messages"] as const;
/**
 * Under the refunds feature's prefix ("credit-refunds"): its claim invalidates that prefix, so the
 * campaign's refund state is read again after a claim.
 */
export const campaignRefundKey = (id: number) => ["credit-refunds", "campaign", id] as const;
