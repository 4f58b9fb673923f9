import type { TSendMessageRequest } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { MESSAGES_KEY } from "./keys";

/** POST /c/messages: one number, stored, charged and queued; the lists of sent messages refresh. */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSendMessageRequest) =>
      (await api.call(campaignsEndpoints.sendMessage, { body })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}
