import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_SETTINGS_KEY } from "./keys";

export function useAdminSettings() {
  return useQuery({
    queryKey: ADMIN_SETTINGS_KEY,
    queryFn: async () => (await api.call(adminEndpoints.getSettings, {})).data,
  });
}
