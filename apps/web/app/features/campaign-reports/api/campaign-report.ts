import type { TCampaignSummary } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { campaignKey, campaignMessagesKey, campaignRefundKey } from "./keys";

/** How often a campaign still on its way is read again. */
export const CAMPAIGN_REFRESH_MS = 3000;

/** Messages queued or sent are still on their way: their delivery report may arrive any second. */
export const inFlight = (summary: Pick<TCampaignSummary, "messages"> | undefined): number =>
  summary ? summary.messages.queued + summary.messages.sent : 0;

const every = (live: boolean) => (live ? CAMPAIGN_REFRESH_MS : false);

/** GET /c/campaigns/{id}, read again while live or until the send is all handed over ("sent"). */
export function useCampaign(id: number, live: boolean) {
  return useQuery({
    queryKey: campaignKey(id),
    queryFn: async () => (await api.call(campaignsEndpoints.get, { params: { id } })).data,
    retry: false,
    refetchInterval: (q) => every(live || (q.state.data !== undefined && q.state.data.status !== "sent")),
  });
}

/** GET /c/campaigns/{id}/summary, read again every few seconds while a message is in flight. */
export function useCampaignSummary(id: number) {
  return useQuery({
    queryKey: [...campaignKey(id), "summary"],
    queryFn: async () => (await api.call(campaignsEndpoints.summary, { params: { id } })).data,
    retry: false,
    refetchInterval: (q) => every(inFlight(q.state.data) > 0),
  });
}

/** GET /c/campaigns/{id}/refund: what a claim would give back now, and the window. */
export function useCampaignRefund(id: number, live: boolean) {
  return useQuery({
    queryKey: campaignRefundKey(id),
    queryFn: async () => (await api.call(refundsEndpoints.campaignRefund, { params: { id } })).data,
    retry: false,
    refetchInterval: every(live),
  });
}

/** The message list's URL state (the status filter and page). */
export type CampaignMessagesRequest = {
  page: number;
  size: number;
  sort: "created_at";
  reverse: boolean;
  status?: string;
};
type Query = EndpointQuery<typeof campaignsEndpoints.messages>;

/** GET /c/messages?campaign_id=: the campaign's messages (over its own day), read again while live. */
export function useCampaignMessages(id: number, request: CampaignMessagesRequest, live: boolean) {
  return useQuery({
    queryKey: [...campaignMessagesKey(id), request],
    queryFn: async () =>
      (await api.call(campaignsEndpoints.messages, { query: { ...request, campaign_id: id } as Query })).data,
    placeholderData: keepPreviousData,
    retry: false,
    // The summary may settle before this page is read again: a message still shown in flight keeps it going.
    refetchInterval: (q) =>
      every(
        live || (q.state.data?.entities.some((m) => m.status === "queued" || m.status === "sent") ?? false),
      ),
  });
}
