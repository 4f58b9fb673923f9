import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { templateKey } from "./keys";

export function useTemplate(id: number) {
  return useQuery({
    queryKey: templateKey(id),
    queryFn: async () => (await api.call(templatesEndpoints.get, { params: { id } })).data,
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}
