import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { senderQueryKey } from "./keys";

export function useSender(id: number) {
  return useQuery({
    queryKey: senderQueryKey(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    queryFn: async () => (await api.call(sendersEndpoints.get, { params: { id } })).data,
    retry: false,
  });
}
