import { inboxEndpoints } from "@sms/domain/endpoints/inbox";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONVERSATIONS_KEY } from "./keys";

/** The conversation with one number, or with its replies to one send. */
export function useConversation(phone: string, campaignId: number | undefined) {
  return useQuery({
    queryKey: [...CONVERSATIONS_KEY, "one", phone, campaignId ?? null],
    queryFn: async () =>
      (
        await api.call(inboxEndpoints.getConversation, {
          params: { phone },
          query: campaignId === undefined ? {} : { campaign_id: campaignId },
        })
      ).data,
  });
}
