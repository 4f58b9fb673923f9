import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { RULES_KEY } from "./keys";

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.call(inboxEndpoints.deleteRule, { params: { id } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: RULES_KEY }),
  });
}
