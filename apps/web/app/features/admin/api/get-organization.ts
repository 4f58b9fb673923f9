import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { adminOrganizationKey } from "./keys";

export function useAdminOrganization(id: number) {
  return useQuery({
    queryKey: adminOrganizationKey(id),
    queryFn: async () => (await api.call(adminEndpoints.getOrganization, { params: { id } })).data,
    // An id that cannot exist (a typed URL) is not asked for.
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
