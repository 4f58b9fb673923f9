import type { TApiSettings, TUpdateApiSettingsBody } from "@sms/domain/contracts/api-settings";
import { apiSettingsEndpoints } from "@sms/domain/endpoints/api-settings";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { API_KEYS_KEY } from "./keys";

/** The organization's OTP and safety settings (GET /c/api-settings); one per current organization. */
export const apiSettingsKey = (organizationId: number) =>
  [...API_KEYS_KEY, "settings", organizationId] as const;

export function useApiSettings(organizationId: number) {
  return useQuery({
    queryKey: apiSettingsKey(organizationId),
    queryFn: async (): Promise<TApiSettings> => (await api.call(apiSettingsEndpoints.get)).data,
  });
}

export function useUpdateApiSettings(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateApiSettingsBody) =>
      (await api.call(apiSettingsEndpoints.update, { body })).data,
    onSuccess: (settings) => client.setQueryData(apiSettingsKey(organizationId), settings),
  });
}
