import type { TCampaignPreviewRequest } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** POST /c/campaigns/preview: recipients, dropped numbers, parts and credits; nothing is stored. */
export function usePreviewCampaign() {
  return useMutation({
    mutationFn: async (body: TCampaignPreviewRequest) =>
      (await api.call(campaignsEndpoints.preview, { body })).data,
  });
}
