import type { TInboxSettingsBody } from "@sms/domain/contracts/inbox";
import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { SETTINGS_KEY } from "./keys";

/** Where replies are forwarded and the daily budget of auto-replies. */
export function useInboxSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: async () => (await api.call(inboxEndpoints.getSettings, {})).data,
  });
}

export function useUpdateInboxSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TInboxSettingsBody) =>
      (await api.call(inboxEndpoints.updateSettings, { body })).data,
    onSuccess: (saved) => client.setQueryData(SETTINGS_KEY, saved),
  });
}
