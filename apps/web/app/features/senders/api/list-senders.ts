import type { TSendersQueryInput } from "@sms/domain/contracts/senders";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useSenders(query: TSendersQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(sendersEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
  });
}
