import type { TSettings, TUpdateSettingsBody } from "@sms/domain/contracts/settings";
import { settingsEndpoints } from "@sms/domain/endpoints/settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { alertSettingsKey } from "./keys";

/** GET /c/organizations/{id}/settings: the organization's low-credit and expiry alerts. */
export function useAlertSettings(organizationId: number) {
  return useQuery({
    queryKey: alertSettingsKey(organizationId),
    queryFn: async (): Promise<TSettings> =>
      (await api.call(settingsEndpoints.get, { params: { id: organizationId } })).data,
  });
}

/** PUT /c/organizations/{id}/settings; the answer replaces the cached settings. */
export function useUpdateAlertSettings(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateSettingsBody) =>
      (await api.call(settingsEndpoints.update, { params: { id: organizationId }, body })).data,
    onSuccess: (settings) => client.setQueryData(alertSettingsKey(organizationId), settings),
  });
}
