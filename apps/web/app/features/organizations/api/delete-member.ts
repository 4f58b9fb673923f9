import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { membersKey, organizationKey } from "./keys";

export function useDeleteMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (memberId: number) =>
      (await api.call(organizationsEndpoints.deleteMember, { params: { id, memberId } })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: membersKey(id) });
      void client.invalidateQueries({ queryKey: organizationKey(id) });
    },
  });
}
