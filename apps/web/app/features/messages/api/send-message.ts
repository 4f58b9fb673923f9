import type { TSendMessageRequest } from "@sms/domain/contracts/campaigns";
import { campaignsEndpoints } from "@sms/domain/endpoints/campaigns";
import { useMutation } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { useRefreshAfterSend } from "./refresh-after-send";

/** POST /c/messages: one number, stored, charged and queued; the sent messages and the top bar's credits refresh. */
export function useSendMessage() {
  const refresh = useRefreshAfterSend();
  return useMutation({
    mutationFn: async (body: TSendMessageRequest) =>
      (await api.call(campaignsEndpoints.sendMessage, { body })).data,
    onSuccess: () => refresh({ campaign: false }),
  });
}
