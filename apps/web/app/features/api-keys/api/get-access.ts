import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { memberCan } from "@sms/domain/permissions";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { accessKey } from "./keys";

export type ApiKeysAccess =
  | { canManage: true }
  | { canManage: false; reason: "role" }
  | { canManage: false; reason: "suspended"; until: string; suspensionReason: string };

/**
 * Whether the caller may change keys and the whitelist (permission `api-keys.manage`: the owner,
 * and not while staff suspend the organization). The server decides again on every change.
 */
export function useApiKeysAccess(organizationId: number) {
  return useQuery({
    queryKey: accessKey(organizationId),
    queryFn: async (): Promise<ApiKeysAccess> => {
      const { data } = await api.call(organizationsEndpoints.get, { params: { id: organizationId } });
      if (!memberCan(data.member_role, "api-keys.manage")) return { canManage: false, reason: "role" };
      if (data.suspension && new Date(data.suspension.until).getTime() > Date.now()) {
        return {
          canManage: false,
          reason: "suspended",
          until: data.suspension.until,
          suspensionReason: data.suspension.reason,
        };
      }
      return { canManage: true };
    },
  });
}
