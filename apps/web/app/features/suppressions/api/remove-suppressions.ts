import { suppressionsEndpoints } from "@sms/domain/endpoints/suppressions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { SUPPRESSIONS_KEY } from "./keys";

/** Removes one number, or the selected ones in one call. */
export function useRemoveSuppressions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (phones: string[]) => {
      const [only] = phones;
      if (phones.length === 1 && only !== undefined) {
        await api.call(suppressionsEndpoints.removeSuppression, { params: { phone: only } });
        return { deleted: 1 };
      }
      return (await api.call(suppressionsEndpoints.removeSuppressions, { body: { phone_numbers: phones } }))
        .data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: SUPPRESSIONS_KEY }),
  });
}
