import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { membersKey } from "./keys";

/** How the organization's usage adds up: its members' sends and what no member did (owners only). */
export function useCreditUsageSummary(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...membersKey(id), "usage-summary"],
    queryFn: async () => (await api.call(organizationsEndpoints.creditUsageSummary, { params: { id } })).data,
    enabled,
  });
}
