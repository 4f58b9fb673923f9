import { apiKeysEndpoints } from "@sms/domain/endpoints/api-keys";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { apiKeysKey } from "./keys";

export function useApiKeys(organizationId: number) {
  return useQuery({
    queryKey: apiKeysKey(organizationId),
    queryFn: async () => (await api.call(apiKeysEndpoints.get, { params: { id: organizationId } })).data,
  });
}
