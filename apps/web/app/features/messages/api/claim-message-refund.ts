import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ME_QUERY_KEY } from "~/features/account";
import { api } from "~/lib/api-client";
import { resourceKey } from "~/lib/endpoint-key";

/**
 * POST /c/messages/{id}/refund: an instant, API or OTP message's undelivered credits back, once.
 * The refunds report (its resource key, ADR 72) and the top bar's credits refresh either way.
 */
export function useClaimMessageRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(refundsEndpoints.refundMessage, { params: { id } })).data,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: resourceKey(refundsEndpoints.list) });
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
