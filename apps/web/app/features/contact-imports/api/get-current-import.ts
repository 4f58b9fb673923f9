import { contactImportsEndpoints } from "@sms/domain/endpoints/contact-imports";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { currentImportKey } from "./keys";

/** The group's unfinished (or just finished) import, so an import survives closing the tab. */
export function useCurrentImport(groupId: number) {
  return useQuery({
    queryKey: currentImportKey(groupId),
    queryFn: async () => (await api.call(contactImportsEndpoints.current, { params: { id: groupId } })).data,
    enabled: Number.isSafeInteger(groupId) && groupId > 0,
  });
}
