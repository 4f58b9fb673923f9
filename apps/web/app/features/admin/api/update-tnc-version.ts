import type { TUpdateTncVersionRequest } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_SETTINGS_KEY } from "./keys";

export function useUpdateTncVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateTncVersionRequest) =>
      (await api.call(adminEndpoints.updateTncVersion, { body })).data,
    onSuccess: (settings) => {
      client.setQueryData(ADMIN_SETTINGS_KEY, settings);
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
