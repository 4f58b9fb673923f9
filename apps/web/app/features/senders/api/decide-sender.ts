import { adminSendersEndpoints } from "@sms/domain/endpoints/senders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_SENDERS_QUERY_KEY } from "./keys";

export type SenderDecision =
  | { id: number; decision: "approve"; note?: string | undefined }
  | { id: number; decision: "block"; reason: string };

/** Staff approve or block a request; the queue reloads either way (another staff member may have decided it). */
export function useDecideSender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SenderDecision) =>
      input.decision === "approve"
        ? (
            await api.call(adminSendersEndpoints.approve, {
              params: { id: input.id },
              body: input.note ? { note: input.note } : {},
            })
          ).data
        : (
            await api.call(adminSendersEndpoints.block, {
              params: { id: input.id },
              body: { reason: input.reason },
            })
          ).data,
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_SENDERS_QUERY_KEY }),
  });
}
