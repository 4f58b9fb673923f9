import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { useQueryClient } from "@tanstack/react-query";
import { ME_QUERY_KEY } from "~/features/account";
import { resourceKey } from "~/lib/endpoint-key";

/**
 * What an accepted send makes stale, by the endpoints' keys (ADR 72): the sent messages, the
 * campaign reports (a campaign or file send; `campaign: false` for one instant message) and the top
 * bar's credits. Not awaited: the toast should not wait for the refetches.
 */
export function useRefreshAfterSend() {
  const client = useQueryClient();
  return ({ campaign }: { campaign: boolean }) => {
    if (campaign) void client.invalidateQueries({ queryKey: resourceKey(campaignsEndpoints.list) });
    void client.invalidateQueries({ queryKey: resourceKey(campaignsEndpoints.messages) });
    void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
  };
}
