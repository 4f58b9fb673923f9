import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { useEndpointQuery } from "~/lib/endpoint-query";

const query = { status: "approved", size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false } as const;

/**
 * GET /c/senders?status=approved: the names a message may go out under (the shared default
 * included). `enabled: false` for a member whose role may not list them (`senders.manage`), so the
 * page asks nothing it would be refused (review D46). Under the senders list's key (ADR 72).
 */
export function useSendableSenders({ enabled = true }: { enabled?: boolean } = {}) {
  return useEndpointQuery(sendersEndpoints.list, { query }, { enabled, select: (page) => page.entities });
}
