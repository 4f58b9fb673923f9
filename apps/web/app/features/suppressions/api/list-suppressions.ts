import type { TSuppressionsQueryInput } from "@sms/domain/contracts/suppressions";
import { suppressionsEndpoints } from "@sms/domain/endpoints/suppressions";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** One page of the suppression list; the previous page stays on screen while the next loads. */
export function useSuppressions(query: TSuppressionsQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(suppressionsEndpoints.listSuppressions, { query })).data,
    placeholderData: keepPreviousData,
  });
}
