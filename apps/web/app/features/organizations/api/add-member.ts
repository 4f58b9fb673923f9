import type { TAddMemberRequest } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { invitationsKey, membersKey, organizationKey } from "./keys";

export function useAddMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TAddMemberRequest) =>
      (await api.call(organizationsEndpoints.addMember, { params: { id }, body })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: membersKey(id) });
      void client.invalidateQueries({ queryKey: organizationKey(id) });
      void client.invalidateQueries({ queryKey: invitationsKey(id) });
    },
  });
}
