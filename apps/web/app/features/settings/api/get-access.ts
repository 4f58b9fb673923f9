import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { memberCan } from "@sms/domain/permissions";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { settingsAccessKey } from "./keys";

/**
 * Whether the caller may change the alerts (permission `settings.manage`: the owner and Account
 * Service). Hiding the save button is a courtesy; the server decides again.
 */
export function useSettingsAccess(organizationId: number) {
  return useQuery({
    queryKey: settingsAccessKey(organizationId),
    queryFn: async () => {
      const { data } = await api.call(organizationsEndpoints.get, { params: { id: organizationId } });
      return { canManage: memberCan(data.member_role, "settings.manage"), organization: data.name };
    },
  });
}
