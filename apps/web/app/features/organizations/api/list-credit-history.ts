import type { CREDIT_HISTORY_SORT } from "@sms/domain/contracts/organizations";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** The list's URL state; the server validates the filters (an unknown type is its 400). */
export type CreditHistoryRequest = Partial<Record<"start" | "end" | "type", string>> & {
  page: number;
  size: number;
  sort: (typeof CREDIT_HISTORY_SORT.keys)[number];
  reverse: boolean;
};
type Query = EndpointQuery<typeof organizationsEndpoints.credits>;

/** An organization's credit entries, or the current organization's (`"me"`, spec §7 /c/me/credits). */
export function useCreditHistory(
  organization: number | "me",
  query: CreditHistoryRequest,
  queryKey: readonly unknown[],
) {
  return useQuery({
    queryKey,
    queryFn: () =>
      organization === "me"
        ? api.call(organizationsEndpoints.myCredits, { query: query as Query })
        : api.call(organizationsEndpoints.credits, { params: { id: organization }, query: query as Query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
