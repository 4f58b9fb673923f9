import type { TRefreshApiKeysRequest } from "@sms/domain/contracts/api-keys";
import { apiKeysEndpoints } from "@sms/domain/endpoints/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { apiKeysKey } from "./keys";

export function useRefreshApiKeys(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (kind: TRefreshApiKeysRequest["kind"]) =>
      (await api.call(apiKeysEndpoints.refresh, { params: { id: organizationId }, body: { kind } })).data,
    onSuccess: ({ keys }) => client.setQueryData(apiKeysKey(organizationId), keys),
  });
}
