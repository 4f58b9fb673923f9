import type { TAuditLogQuery } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useAuditLog(query: Partial<TAuditLogQuery>, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(adminEndpoints.listAuditLog, { query })).data,
    placeholderData: keepPreviousData,
  });
}
