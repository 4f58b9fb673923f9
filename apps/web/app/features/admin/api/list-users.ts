import type { TAdminUsersQuery } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Every user for staff, searchable; the previous page stays shown while the next loads. */
export function useAdminUsers(query: Partial<TAdminUsersQuery>, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(adminEndpoints.listUsers, { query })).data,
    placeholderData: keepPreviousData,
  });
}
