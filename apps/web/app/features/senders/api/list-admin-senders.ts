import type { TAdminSendersQueryInput } from "@sms/domain/contracts/senders";
import { adminSendersEndpoints } from "@sms/domain/endpoints/senders";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useAdminSenders(query: TAdminSendersQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(adminSendersEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
  });
}
