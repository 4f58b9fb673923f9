import type { TCreateCampaignRequest } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { useMutation } from "@tanstack/react-query";
import { useRefreshAfterSend } from "~/features/messages";
import { api } from "~/lib/api-client";

/** POST /c/campaigns: stored, charged and queued; the campaign reports, messages and the top bar's credits refresh. */
export function useCreateCampaign() {
  const refresh = useRefreshAfterSend();
  return useMutation({
    mutationFn: async (body: TCreateCampaignRequest) =>
      (await api.call(campaignsEndpoints.create, { body })).data,
    onSuccess: () => refresh({ campaign: true }),
  });
}
