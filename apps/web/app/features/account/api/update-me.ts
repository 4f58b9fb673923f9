import type { TUpdateMeRequest } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ME_QUERY_KEY } from "./get-me";

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TUpdateMeRequest) => (await api.call(meEndpoints.update, { body: input })).data,
    onSuccess: (me) => client.setQueryData(ME_QUERY_KEY, me),
  });
}
