import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ORDERS_QUERY_KEY } from "./list-orders";

/** The signed-in user's query (features/account ME_QUERY_KEY): its organization's balance and trial mark. */
const ME_QUERY_KEY = ["me"] as const;

export function useRedeemFreeTrial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(ordersEndpoints.redeemFreeTrial)).data,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
        client.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
