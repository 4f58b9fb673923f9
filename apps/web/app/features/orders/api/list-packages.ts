import { marketingEndpoints } from "@sms/domain/endpoints/marketing";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export const PACKAGES_QUERY_KEY = ["orders", "packages"] as const;

/** The catalogue (spec §7 GET /c/packages); the shop lists every package but the free trial. */
export function usePackages() {
  return useQuery({
    queryKey: PACKAGES_QUERY_KEY,
    queryFn: async () => (await api.call(marketingEndpoints.listPackages, { query: { size: 100 } })).data,
    staleTime: 60_000,
  });
}
