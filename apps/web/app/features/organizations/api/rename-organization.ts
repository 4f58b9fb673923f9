import type { TRenameOrganizationRequest } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ME_QUERY_KEY } from "~/features/account";
import { api } from "~/lib/api-client";
import { ORGANIZATIONS_KEY, organizationKey } from "./keys";

export function useRenameOrganization(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TRenameOrganizationRequest) =>
      (await api.call(organizationsEndpoints.rename, { params: { id }, body })).data,
    onSuccess: (organization) => {
      client.setQueryData(organizationKey(id), organization);
      void client.invalidateQueries({ queryKey: ORGANIZATIONS_KEY });
      // The top bar and the user menu show the current organization's name from GET /c/me.
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
