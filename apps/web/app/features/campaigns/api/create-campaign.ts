import type { TCreateCampaignRequest } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ME_QUERY_KEY } from "~/features/account";
import { api } from "~/lib/api-client";
import { CAMPAIGNS_KEY } from "./keys";

/** POST /c/campaigns: stored, charged and queued; the campaign lists, messages and the top bar's credits refresh. */
export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateCampaignRequest) =>
      (await api.call(campaignsEndpoints.create, { body })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: CAMPAIGNS_KEY });
      void client.invalidateQueries({ queryKey: ["messages"] });
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
