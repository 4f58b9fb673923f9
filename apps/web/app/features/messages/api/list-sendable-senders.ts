import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { endpointKey } from "~/lib/endpoint-key";

const query = { status: "approved", size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false } as const;

/**
 * GET /c/senders?status=approved: the names a message may go out under (the shared default
 * included). `enabled: false` for a member whose role may not list them (`senders.manage`), so the
 * page asks nothing it would be refused (review D46). Under the senders list's key (ADR 72): the
 * senders page's invalidations refresh it; the cache holds the endpoint's answer as it comes.
 */
export function useSendableSenders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: endpointKey(sendersEndpoints.list, { query }),
    queryFn: async () => (await api.call(sendersEndpoints.list, { query })).data,
    select: (page) => page.entities,
  });
}
