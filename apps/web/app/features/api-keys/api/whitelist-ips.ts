import type {
  TCreateWhitelistIpRequest,
  TUpdateWhitelistIpRequest,
  TWhitelistIpsQueryInput,
} from "@sms/domain/contracts/api-keys";
import { whitelistIpsEndpoints } from "@sms/domain/endpoints/api-keys";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CALLER_ADDRESS_KEY, WHITELIST_LIST_KEY } from "./keys";

export function useWhitelistIps(query: TWhitelistIpsQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(whitelistIpsEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
  });
}

/** The address this browser calls from, as a whitelist entry would store it (review D45). */
export function useCallerAddress() {
  return useQuery({
    queryKey: CALLER_ADDRESS_KEY,
    queryFn: async () => (await api.call(whitelistIpsEndpoints.caller)).data.ip_address,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useCreateWhitelistIp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateWhitelistIpRequest) =>
      (await api.call(whitelistIpsEndpoints.create, { body })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: WHITELIST_LIST_KEY }),
  });
}

export function useUpdateWhitelistIp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: TUpdateWhitelistIpRequest }) =>
      (await api.call(whitelistIpsEndpoints.update, { params: { id }, body })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: WHITELIST_LIST_KEY }),
  });
}

export function useDeleteWhitelistIp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.call(whitelistIpsEndpoints.delete, { params: { id } })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: WHITELIST_LIST_KEY }),
  });
}
