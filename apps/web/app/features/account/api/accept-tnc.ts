import type { TAcceptTncRequest } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ME_QUERY_KEY } from "./get-me";

/** Accepts a terms version, then reloads the current user (spec §4 Terms dialog). */
export function useAcceptTnc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TAcceptTncRequest) =>
      (await api.call(meEndpoints.acceptTnc, { body: input })).data,
    onSuccess: () => client.refetchQueries({ queryKey: ME_QUERY_KEY }),
  });
}
