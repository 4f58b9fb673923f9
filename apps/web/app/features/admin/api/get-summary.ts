import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_SUMMARY_KEY } from "./keys";

/** What waits for staff; refreshed each minute so the badges follow the queues. */
export function useAdminSummary(enabled = true) {
  return useQuery({
    queryKey: ADMIN_SUMMARY_KEY,
    queryFn: async () => (await api.call(adminEndpoints.getSummary)).data,
    refetchInterval: 60_000,
    staleTime: 15_000,
    enabled,
  });
}
