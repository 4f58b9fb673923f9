import { apiKeysEndpoints } from "@sms/domain/endpoints/api-keys";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { apiLogKeysKey } from "./keys";

/** The organization's current SMS and OTP keys (never the secrets), for the key filter and the console. */
export function useOrganizationApiKeys(organizationId: number) {
  return useQuery({
    queryKey: apiLogKeysKey(organizationId),
    queryFn: async () => (await api.call(apiKeysEndpoints.get, { params: { id: organizationId } })).data,
  });
}
