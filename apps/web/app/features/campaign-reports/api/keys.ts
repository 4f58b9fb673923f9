import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { endpointKey } from "~/lib/endpoint-key";

/**
 * TanStack Query keys of the campaign reports, made from the endpoints (ADR 72): every list page
 * and campaign under the campaigns' resource key (what a send invalidates); a campaign's summary
 * and messages extend its key, so invalidating the campaign refreshes them too.
 */
export const CAMPAIGN_REPORTS_LIST_KEY = endpointKey(campaignsEndpoints.list);
export const campaignKey = (id: number) => endpointKey(campaignsEndpoints.get, { params: { id } });
export const campaignMessagesKey = (id: number) => [...campaignKey(id), "messages"] as const;
/**
 * Under the refunds feature's prefix ("credit-refunds"): its claim invalidates that prefix, so the
 * campaign's refund state is read again after a claim.
 */
export const campaignRefundKey = (id: number) => ["credit-refunds", "campaign", id] as const;
