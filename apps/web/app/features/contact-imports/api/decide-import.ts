import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { importKey } from "./keys";

/** "Continue" (import the valid rows) or "skip" (cancel) an import in preview. */
export function useDecideImport(importId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (decision: "confirm" | "cancel") =>
      (await api.call(contactImportsEndpoints[decision], { params: { importId } })).data,
    onSuccess: (result) => client.setQueryData(importKey(importId), result),
  });
}
