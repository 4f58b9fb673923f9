import type { TCreditAdjustmentRequest } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_ORGANIZATIONS_KEY, adminOrganizationKey } from "./keys";

export function useAdjustCredits(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreditAdjustmentRequest) =>
      (await api.call(adminEndpoints.adjustCredits, { params: { id }, body })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: adminOrganizationKey(id) });
      void client.invalidateQueries({ queryKey: ADMIN_ORGANIZATIONS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
