import type { TAutoReplyRuleBody } from "@sms/domain/contracts/inbox";
import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { RULES_KEY } from "./keys";

/** Adds a rule (no id) or changes one. */
export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: TAutoReplyRuleBody }) =>
      id === null
        ? (await api.call(inboxEndpoints.createRule, { body })).data
        : (await api.call(inboxEndpoints.updateRule, { params: { id }, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: RULES_KEY }),
  });
}
