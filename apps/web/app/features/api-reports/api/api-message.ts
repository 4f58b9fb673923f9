import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { webhooksEndpoints } from "@sms/domain/endpoints/webhooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { apiMessageKey, webhookDeliveriesKey } from "./keys";

const REFRESH_MS = 3000;

/** GET /c/api-messages/{id}: one message of a public-API send; read again while it is on its way. */
export function useApiMessage(id: number) {
  return useQuery({
    queryKey: apiMessageKey(id),
    queryFn: async () => (await api.call(webhooksEndpoints.apiMessage, { params: { id } })).data,
    retry: false,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === "queued" || q.state.data.status === "sent")
        ? REFRESH_MS
        : false,
  });
}

/** GET /c/webhook-deliveries?message_id=: its delivery webhooks with their attempts; read again while one is pending. */
export function useWebhookDeliveries(messageId: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookDeliveriesKey(messageId),
    queryFn: async () =>
      (
        await api.call(webhooksEndpoints.list, {
          query: { message_id: messageId, size: LIST_MAX_PAGE_SIZE, sort: "created_at", reverse: true },
        })
      ).data,
    enabled,
    retry: false,
    refetchInterval: (q) => (q.state.data?.entities.some((d) => d.status === "pending") ? REFRESH_MS : false),
  });
}

/** POST /c/webhook-deliveries/{id}/resend: one manual attempt now; the list shows it after. */
export function useResendWebhook(messageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: number) =>
      (await api.call(webhooksEndpoints.resend, { params: { id: deliveryId } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesKey(messageId) }),
  });
}
