import type {
  TCreateWhitelistIpRequest,
  TUpdateWhitelistIpRequest,
  TWhitelistIpsQueryInput,
} from "@sms/domain/contracts/api-keys";
import { whitelistIpsEndpoints } from "@sms/domain/endpoints/api-keys";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { WHITELIST_LIST_KEY } from "./keys";

export function useWhitelistIps(query: TWhitelistIpsQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(whitelistIpsEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
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
