import type { TSmppAccount } from "@sms/domain/contracts/smpp";
import { smppEndpoints } from "@sms/domain/endpoints/smpp";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { API_KEYS_KEY } from "./keys";

export const smppAccountKey = (organizationId: number) => [...API_KEYS_KEY, "smpp", organizationId] as const;

/** GET /c/organizations/{id}/smpp-account: the system_id (never the password), settings and server. */
export function useSmppAccount(organizationId: number) {
  return useQuery({
    queryKey: smppAccountKey(organizationId),
    queryFn: async (): Promise<TSmppAccount> =>
      (await api.call(smppEndpoints.get, { params: { id: organizationId } })).data,
  });
}

/** PUT …/smpp-account: new credentials; the answer is the only time the password is seen. */
export function useRefreshSmppAccount(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(smppEndpoints.refresh, { params: { id: organizationId } })).data,
    onSuccess: ({ account }) => client.setQueryData(smppAccountKey(organizationId), account),
  });
}
