import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { SENDABLE_SENDERS_KEY } from "./keys";

/**
 * GET /c/senders?status=approved: the names a message may go out under (the shared default
 * included). `enabled: false` for a member whose role may not list them (`senders.manage`), so the
 * page asks nothing it would be refused (review D46).
 */
export function useSendableSenders({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: SENDABLE_SENDERS_KEY,
    queryFn: async () =>
      (
        await api.call(sendersEndpoints.list, {
          query: { status: "approved", size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false },
        })
      ).data.entities,
  });
}
