import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONVERSATIONS_KEY } from "./keys";

/**
 * How many numbers replied to one send (the inbox's conversations filtered by the send, ADR 100),
 * for the send's report. Only for those who may read the inbox (`reports.all`): `enabled`.
 */
export function useCampaignRepliers(campaignId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...CONVERSATIONS_KEY, "campaign", campaignId],
    queryFn: async () =>
      (await api.call(inboxEndpoints.listConversations, { query: { campaign_id: campaignId, size: 1 } })).data
        .page_information.total_item,
    enabled,
  });
}
