import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { importKey } from "./keys";

export type ImportDecision = { decision: "confirm"; consentStatement?: string } | { decision: "cancel" };

/**
 * "Continue" (import the valid rows, with what the contacts agreed to) or "skip" (cancel) an
 * import in preview.
 */
export function useDecideImport(importId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (choice: ImportDecision) =>
      (choice.decision === "confirm"
        ? await api.call(contactImportsEndpoints.confirm, {
            params: { importId },
            body: { consent_statement: choice.consentStatement },
          })
        : await api.call(contactImportsEndpoints.cancel, { params: { importId } })
      ).data,
    onSuccess: (result) => client.setQueryData(importKey(importId), result),
  });
}
