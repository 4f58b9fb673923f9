import type { ContactImportRowStatus } from "@sms/domain/contracts/contact-imports";
import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { importRowsKey } from "./keys";

export const IMPORT_ROWS_PAGE_SIZE = 10;

/** One page of an import's rows of one class, in file order. */
export function useImportRows(id: string, status: ContactImportRowStatus, page: number) {
  return useQuery({
    queryKey: importRowsKey(id, status, page),
    queryFn: async () =>
      (
        await api.call(contactImportsEndpoints.rows, {
          params: { importId: id },
          query: { status, page, size: IMPORT_ROWS_PAGE_SIZE },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
