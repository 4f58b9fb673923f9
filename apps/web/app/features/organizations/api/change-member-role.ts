import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { membersKey, organizationKey } from "./keys";

export function useChangeMemberRole(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ memberId, role }: { memberId: number; role: number }) =>
      (await api.call(organizationsEndpoints.changeMemberRole, { params: { id, memberId }, body: { role } }))
        .data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: membersKey(id) });
      void client.invalidateQueries({ queryKey: organizationKey(id) });
    },
  });
}
