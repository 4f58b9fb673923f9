import { systemEndpoints } from "@sms/domain/endpoints/system";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** GET /configurations: the current terms version (spec §3 Configuration). */
export function useConfigurations() {
  return useQuery({
    queryKey: ["configurations"],
    queryFn: async () => (await api.call(systemEndpoints.configurations)).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
