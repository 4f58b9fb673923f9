import type { TMeResponse, TUpdateMeRequest } from "@sms/domain/contracts/accounts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ME_QUERY_KEY } from "./get-me";

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TUpdateMeRequest) => (await api.patch<TMeResponse>("/c/me", input)).data,
    onSuccess: (me) => client.setQueryData(ME_QUERY_KEY, me),
  });
}
