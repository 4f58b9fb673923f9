import type { TInboxConversationsQueryInput } from "@sms/domain/contracts/inbox";
import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** One page of conversations; the previous page stays on screen while the next loads. */
export function useConversations(query: TInboxConversationsQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(inboxEndpoints.listConversations, { query })).data,
    placeholderData: keepPreviousData,
  });
}
