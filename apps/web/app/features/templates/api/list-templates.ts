import type { TTemplatesQueryInput } from "@sms/domain/contracts/templates";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export function useTemplates(query: TTemplatesQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: async () => (await api.call(templatesEndpoints.list, { query })).data,
    placeholderData: keepPreviousData,
  });
}
