import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { memberCan } from "@sms/domain/permissions";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { MESSAGE_REPORTS_KEY } from "./keys";

/**
 * Whether the report holds the whole organization's messages (`reports.all`: owner and Account
 * Service) or only the caller's own sends (a plain member, ADR 10): the server filters, the page
 * says which (review D57). Undefined until the organization has answered.
 */
export function useSeesAllSends(organizationId: number | null) {
  return useQuery({
    queryKey: [...MESSAGE_REPORTS_KEY, "scope", organizationId],
    queryFn: async () => {
      const { data } = await api.call(organizationsEndpoints.get, { params: { id: organizationId! } });
      return memberCan(data.member_role, "reports.all");
    },
    enabled: organizationId !== null,
    staleTime: 60_000,
  });
}
