import type { TSuspendOrganizationRequest } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_ORGANIZATIONS_KEY, adminOrganizationKey } from "./keys";

export function useSuspendOrganization(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSuspendOrganizationRequest) =>
      (await api.call(adminEndpoints.suspendOrganization, { params: { id }, body })).data,
    onSuccess: (organization) => {
      client.setQueryData(adminOrganizationKey(id), organization);
      void client.invalidateQueries({ queryKey: ADMIN_ORGANIZATIONS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
