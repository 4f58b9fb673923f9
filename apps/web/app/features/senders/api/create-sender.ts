import type { TCreateSenderRequest } from "@sms/domain/contracts/senders";
import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { SENDERS_QUERY_KEY } from "./keys";

export function useCreateSender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateSenderRequest) =>
      (await api.call(sendersEndpoints.create, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: SENDERS_QUERY_KEY }),
  });
}
