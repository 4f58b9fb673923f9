import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { organizationKey } from "./keys";

export function useOrganization(id: number) {
  return useQuery({
    queryKey: organizationKey(id),
    queryFn: async () => (await api.call(organizationsEndpoints.get, { params: { id } })).data,
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
