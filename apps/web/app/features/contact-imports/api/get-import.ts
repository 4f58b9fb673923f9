import { CONTACT_IMPORT_RUNNING, type TContactImport } from "@sms/domain/contracts/contact-imports";
import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { importKey } from "./keys";

/** How often a running import (being read or imported) is asked for its progress. */
export const IMPORT_POLL_MS = 1_000;

/** One import, polled every second while it is being read or imported. */
export function useImport(id: string | null, initial?: TContactImport) {
  return useQuery({
    queryKey: importKey(id ?? ""),
    queryFn: async () =>
      (await api.call(contactImportsEndpoints.get, { params: { importId: id ?? "" } })).data,
    enabled: id !== null,
    ...(initial ? { initialData: initial } : {}),
    refetchInterval: (query) =>
      query.state.data && CONTACT_IMPORT_RUNNING.includes(query.state.data.status) ? IMPORT_POLL_MS : false,
  });
}
