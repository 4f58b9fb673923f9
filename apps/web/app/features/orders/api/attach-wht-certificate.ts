import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ORDERS_QUERY_KEY } from "./list-orders";

/** Attaches an uploaded 50 ทวิ certificate to a juristic order (or replaces its certificate). */
export function useAttachWhtCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { orderId: number; fileId: string }) =>
      (
        await api.call(ordersEndpoints.attachWhtCertificate, {
          params: { id: input.orderId },
          body: { file_id: input.fileId },
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
