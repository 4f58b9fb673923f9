import type { TDashboardQueryInput } from "@sms/domain/contracts/dashboard";
import { dashboardEndpoints } from "@sms/domain/endpoints/dashboard";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export const DASHBOARD_KEY = ["dashboard"] as const;

/** GET /c/me/dashboard over the chosen period (the last 30 days without one). */
export function useDashboard(query: TDashboardQueryInput) {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, query],
    queryFn: async () => (await api.call(dashboardEndpoints.get, { query })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
