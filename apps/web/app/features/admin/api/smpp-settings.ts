import type { TSmppSettings } from "@sms/domain/contracts/smpp";
import { smppEndpoints } from "@sms/domain/endpoints/smpp";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_ORGANIZATIONS_KEY } from "./keys";

const smppSettingsKey = (id: number) => [...ADMIN_ORGANIZATIONS_KEY, id, "smpp-settings"] as const;

/** GET /admin/organizations/{id}/smpp-settings. */
export function useAdminSmppSettings(id: number) {
  return useQuery({
    queryKey: smppSettingsKey(id),
    queryFn: async () => (await api.call(smppEndpoints.adminGet, { params: { id } })).data,
  });
}

/** PUT …/smpp-settings: the organization's next binds use them; the change is audited. */
export function useUpdateSmppSettings(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSmppSettings) =>
      (await api.call(smppEndpoints.adminUpdate, { params: { id }, body })).data,
    onSuccess: (settings) => {
      client.setQueryData(smppSettingsKey(id), settings);
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
