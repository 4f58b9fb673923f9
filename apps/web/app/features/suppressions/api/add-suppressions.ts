import { suppressionsEndpoints } from "@sms/domain/endpoints/suppressions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { SUPPRESSIONS_KEY } from "./keys";

/** Adds the typed numbers; answers what was added, already there and invalid. */
export function useAddSuppressions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (numbers: string) =>
      (await api.call(suppressionsEndpoints.addSuppressions, { body: { numbers } })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: SUPPRESSIONS_KEY }),
  });
}
