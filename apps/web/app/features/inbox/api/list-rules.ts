import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { RULES_KEY } from "./keys";

/** Every keyword auto-reply of the organization. */
export function useRules() {
  return useQuery({
    queryKey: RULES_KEY,
    queryFn: async () => (await api.call(inboxEndpoints.listRules, {})).data.entities,
  });
}
