import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_ORGANIZATIONS_KEY, adminOrganizationKey } from "./keys";

export function useReinstateOrganization(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(adminEndpoints.reinstateOrganization, { params: { id } })).data,
    onSuccess: (organization) => {
      client.setQueryData(adminOrganizationKey(id), organization);
      void client.invalidateQueries({ queryKey: ADMIN_ORGANIZATIONS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
