import type { TOrdersQuery } from "@sms/domain/contracts/orders";
import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export const ORDERS_QUERY_KEY = ["orders", "list"] as const;

export function useOrders(query: TOrdersQuery, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(ordersEndpoints.listOrders, { query })).data,
    placeholderData: keepPreviousData,
  });
}
