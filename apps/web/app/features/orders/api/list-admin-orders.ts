import type { TAdminOrdersQueryInput } from "@sms/domain/contracts/orders";
import { adminOrdersEndpoints } from "@sms/domain/endpoints/orders";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export const ADMIN_ORDERS_QUERY_KEY = ["admin", "orders"] as const;

export function useAdminOrders(query: TAdminOrdersQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(adminOrdersEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
  });
}
