import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ME_QUERY_KEY, REFUNDS_KEY } from "./keys";

/** POST /c/campaigns/{id}/refund: the list and the balance in the header refresh. */
export function useClaimRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(refundsEndpoints.refundCampaign, { params: { id } })).data,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: REFUNDS_KEY }),
        client.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
