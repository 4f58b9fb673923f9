import { apiKeysEndpoints } from "@sms/domain/endpoints/api-keys";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { docsApiKeysKey } from "./keys";

/** GET /c/organizations/{id}/api-key: the keys the examples are written with (secrets are never answered). */
export function useDocsApiKeys(organizationId: number | null) {
  return useQuery({
    queryKey: docsApiKeysKey(organizationId ?? 0),
    queryFn: async () => (await api.call(apiKeysEndpoints.get, { params: { id: organizationId ?? 0 } })).data,
    enabled: organizationId !== null,
    retry: false,
  });
}
