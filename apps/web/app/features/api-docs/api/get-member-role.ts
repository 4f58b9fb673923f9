import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { docsMemberRoleKey } from "./keys";

/** The caller's role in the organization (every member may read it): what the page may ask for. */
export function useDocsMemberRole(organizationId: number | null) {
  return useQuery({
    queryKey: docsMemberRoleKey(organizationId ?? 0),
    queryFn: async () =>
      (await api.call(organizationsEndpoints.get, { params: { id: organizationId ?? 0 } })).data.member_role,
    enabled: organizationId !== null,
    retry: false,
  });
}
