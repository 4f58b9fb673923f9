import type { TMessage } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** How often a list is read again while one of its messages may still change. */
export const API_MESSAGES_REFRESH_MS = 3000;

export const isInFlight = (message: Pick<TMessage, "status">) =>
  message.status === "queued" || message.status === "sent";

/** The list's URL state: the period, phone and status; the type is the report's. */
export type ApiMessagesRequest = Partial<Record<"start" | "end" | "phone" | "status", string>> & {
  page: number;
  size: number;
  sort: "created_at";
  reverse: boolean;
};
type Query = EndpointQuery<typeof campaignsEndpoints.messages>;

/** GET /c/messages?type=api|otp (the last 7 days unless a period is given), read again while a message is in flight. */
export function useApiMessages(
  type: "api" | "otp",
  request: ApiMessagesRequest,
  queryKey: readonly unknown[],
) {
  return useQuery({
    queryKey,
    queryFn: async () =>
      (await api.call(campaignsEndpoints.messages, { query: { ...request, type } as Query })).data,
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) => (q.state.data?.entities.some(isInFlight) ? API_MESSAGES_REFRESH_MS : false),
  });
}
