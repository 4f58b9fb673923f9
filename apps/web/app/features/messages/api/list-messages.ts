import type { TMessage } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import type { EndpointQuery } from "@sms/domain/endpoints/define";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/** How often the list is read again while one of its messages may still change. */
export const MESSAGES_REFRESH_MS = 3000;

/** Queued and sent messages are still on their way: their report may arrive any second. */
export const isInFlight = (message: Pick<TMessage, "status">) =>
  message.status === "queued" || message.status === "sent";

/** The list's URL state; the server validates the filters (a wrong status or period is its 400/422). */
export type MessagesRequest = Partial<Record<"start" | "end" | "phone" | "status" | "type", string>> & {
  page: number;
  size: number;
  sort: "created_at";
  reverse: boolean;
};
type Query = EndpointQuery<typeof campaignsEndpoints.messages>;

/** GET /c/messages (the last 7 days unless a period is given), read again while a message is in flight. */
export function useMessages(query: MessagesRequest, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(campaignsEndpoints.messages, { query: query as Query })).data,
    placeholderData: keepPreviousData,
    retry: false,
    refetchInterval: (q) => (q.state.data?.entities.some(isInFlight) ? MESSAGES_REFRESH_MS : false),
  });
}
