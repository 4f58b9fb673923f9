import type { TCreditRefundsQueryInput } from "@sms/domain/contracts/refunds";
import { refundsEndpoints } from "@sms/domain/endpoints/refunds";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useCreditRefunds(query: TCreditRefundsQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(refundsEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
  });
}
