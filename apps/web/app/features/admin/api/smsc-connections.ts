import type {
  TCreateSmscConnectionRequest,
  TUpdateSmscConnectionRequest,
} from "@sms/domain/contracts/smsc-connections";
import { smscConnectionsEndpoints } from "@sms/domain/endpoints/smsc-connections";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_SMSC_CONNECTIONS_KEY } from "./keys";

/** How often the connections' health is read again while the page is open (live health, issue 26 point 4). */
export const SMSC_HEALTH_REFRESH_MS = 5_000;

/** The SMSC connections in the order they are tried; refreshed while the page is open. */
export function useSmscConnections() {
  return useQuery({
    queryKey: ADMIN_SMSC_CONNECTIONS_KEY,
    queryFn: async () => (await api.call(smscConnectionsEndpoints.list, {})).data,
    refetchInterval: SMSC_HEALTH_REFRESH_MS,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ADMIN_SMSC_CONNECTIONS_KEY });
    void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
  };
}

export function useCreateSmscConnection() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async (body: TCreateSmscConnectionRequest) =>
      (await api.call(smscConnectionsEndpoints.create, { body })).data,
    onSuccess,
  });
}

export function useUpdateSmscConnection() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TUpdateSmscConnectionRequest }) =>
      (await api.call(smscConnectionsEndpoints.update, { params: { id }, body })).data,
    onSuccess,
  });
}
