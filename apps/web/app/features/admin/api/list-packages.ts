import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_PACKAGES_KEY } from "./keys";

export function useAdminPackages() {
  return useQuery({
    queryKey: ADMIN_PACKAGES_KEY,
    queryFn: async () => (await api.call(adminEndpoints.listPackages, {})).data.entities,
  });
}
