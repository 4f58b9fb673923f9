import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { campaignTemplateKey } from "./keys";

/** GET /c/templates/{id}: the whole text of the template chosen (the list has an excerpt only). */
export function useFetchTemplate() {
  const client = useQueryClient();
  return (id: number) =>
    client.fetchQuery({
      queryKey: campaignTemplateKey(id),
      queryFn: async () => (await api.call(templatesEndpoints.get, { params: { id } })).data,
    });
}
