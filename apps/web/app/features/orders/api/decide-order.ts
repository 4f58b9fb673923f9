import { adminOrdersEndpoints } from "@sms/domain/endpoints/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_ORDERS_QUERY_KEY } from "./list-admin-orders";

export type OrderDecision =
  | { id: number; decision: "approve" }
  | { id: number; decision: "reject"; reason: string };

/** Staff approve or reject an order; the queue reloads either way (another staff member may have decided it). */
export function useDecideOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: OrderDecision) =>
      input.decision === "approve"
        ? (await api.call(adminOrdersEndpoints.approve, { params: { id: input.id } })).data
        : (
            await api.call(adminOrdersEndpoints.reject, {
              params: { id: input.id },
              body: { reason: input.reason },
            })
          ).data,
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_ORDERS_QUERY_KEY }),
  });
}
