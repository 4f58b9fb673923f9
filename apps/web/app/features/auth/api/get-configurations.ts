import { systemEndpoints } from "@sms/domain/endpoints/system";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/**
 * GET /configurations (spec §3 Configuration): the current terms version, and whether the dev inbox
 * is on (outside production), which the one-time-code screens point to.
 */
export function useConfigurations() {
  return useQuery({
    queryKey: ["configurations"],
    queryFn: async () => (await api.call(systemEndpoints.configurations)).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
