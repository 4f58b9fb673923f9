import type { BuyerType } from "@sms/domain/contracts/orders";
import { ordersEndpoints } from "@sms/domain/endpoints/orders";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** The cart's totals and PromptPay QR as the server computes them; the buyer type changes the WHT line. */
export function useCart(packageId: number | null, buyerType: BuyerType) {
  return useQuery({
    queryKey: ["orders", "cart", packageId, buyerType],
    enabled: packageId !== null,
    queryFn: async () =>
      (
        await api.call(ordersEndpoints.quoteCart, {
          query: { package_id: packageId ?? 0, buyer_type: buyerType },
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
