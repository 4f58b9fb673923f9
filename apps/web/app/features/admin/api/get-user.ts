import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { adminUserKey } from "./keys";

export function useAdminUser(id: number) {
  return useQuery({
    queryKey: adminUserKey(id),
    queryFn: async () => (await api.call(adminEndpoints.getUser, { params: { id } })).data,
    // An id that cannot exist (a typed URL) is not asked for.
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}
