import type { TUpdatePackageRequest } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_PACKAGES_KEY } from "./keys";

export function useUpdatePackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TUpdatePackageRequest }) =>
      (await api.call(adminEndpoints.updatePackage, { params: { id }, body })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ADMIN_PACKAGES_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
