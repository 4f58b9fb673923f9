import type { TCampaignsQueryInput } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** GET /c/campaigns: campaigns and file campaigns, newest first, searchable by name. */
export function useCampaigns(query: TCampaignsQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(campaignsEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
