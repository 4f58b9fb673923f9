import type { TAdminOrganizationsQuery } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Every organization for staff, searchable by its name or its owner. */
export function useAdminOrganizations(
  query: Partial<TAdminOrganizationsQuery>,
  queryKey: readonly unknown[],
) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(adminEndpoints.listOrganizations, { query })).data,
    placeholderData: keepPreviousData,
  });
}
