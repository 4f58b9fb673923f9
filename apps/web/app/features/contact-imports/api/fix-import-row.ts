import type { TFixContactImportRowRequest } from "@sms/domain/contracts/contact-imports";
import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CONTACT_IMPORTS_KEY, importKey } from "./keys";

export interface FixImportRowInput {
  rowNumber: number;
  body: TFixContactImportRowRequest;
}

/** Corrects one row of an import in preview; the import's new counts replace the cached ones. */
export function useFixImportRow(importId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ rowNumber, body }: FixImportRowInput) =>
      (await api.call(contactImportsEndpoints.fixRow, { params: { importId, rowNumber }, body })).data,
    onSuccess: (result) => {
      client.setQueryData(importKey(importId), result.import);
      void client.invalidateQueries({ queryKey: [...CONTACT_IMPORTS_KEY, "rows", importId] });
    },
  });
}
