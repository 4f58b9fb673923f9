import type { TSendMessageRequest } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ME_QUERY_KEY } from "~/features/account";
import { api } from "~/lib/api-client";
import { MESSAGES_KEY } from "./keys";

/** POST /c/messages: one number, stored, charged and queued; the sent messages and the top bar's credits refresh. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSendMessageRequest) =>
      (await api.call(campaignsEndpoints.sendMessage, { body })).data,
    // Not awaited: the toast should not wait for the refetches.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: MESSAGES_KEY });
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
