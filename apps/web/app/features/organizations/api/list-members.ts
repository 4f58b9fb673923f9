import type { TMembersListQuery } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useMembers(id: number, query: TMembersListQuery, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: () => api.call(organizationsEndpoints.listMembers, { params: { id }, query }),
    placeholderData: keepPreviousData,
  });
}
