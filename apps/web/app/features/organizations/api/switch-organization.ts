import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** Spec §4/§9: after the switch the page reloads (200 ms), so every cached list is of the new organization. */
export const SWITCH_RELOAD_DELAY_MS = 200;

export function useSwitchOrganization(reload: () => void = () => window.location.reload()) {
  return useMutation({
    mutationFn: async (organizationId: number) =>
      (await api.call(organizationsEndpoints.switch, { body: { organization_id: organizationId } })).data,
    onSuccess: () => {
      setTimeout(reload, SWITCH_RELOAD_DELAY_MS);
    },
  });
}
