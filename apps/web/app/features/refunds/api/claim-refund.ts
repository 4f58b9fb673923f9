import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ME_QUERY_KEY } from "~/features/account";
import { api } from "~/lib/api-client";
import { REFUNDS_KEY } from "./keys";

/** POST /c/campaigns/{id}/refund: the refund list and the top bar's credits refresh, refused or not. */
export function useClaimRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.call(refundsEndpoints.refundCampaign, { params: { id } })).data,
    onSettled: () => {
      // Not awaited: the toast should not wait for the refetches.
      void client.invalidateQueries({ queryKey: REFUNDS_KEY });
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
