import type { TCreateOrderRequest } from "@sms/domain/contracts/orders";
import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ORDERS_QUERY_KEY } from "./list-orders";

export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateOrderRequest) =>
      (await api.call(ordersEndpoints.createOrder, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
