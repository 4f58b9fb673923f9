import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { TEMPLATE_CHOICES_KEY, templateChoiceKey } from "./keys";

/** GET /c/templates?enabled=true: the templates a send may start from (a member without the right gets none). */
export function useTemplateChoices() {
  return useQuery({
    queryKey: TEMPLATE_CHOICES_KEY,
    queryFn: async () =>
      (
        await api.call(templatesEndpoints.list, {
          query: { enabled: true, size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false },
        })
      ).data.entities,
    retry: false,
  });
}

/** GET /c/templates/{id}: the whole text of the template chosen (the list has an excerpt only). */
export function useFetchTemplate() {
  const client = useQueryClient();
  return (id: number) =>
    client.fetchQuery({
      queryKey: templateChoiceKey(id),
      queryFn: async () => (await api.call(templatesEndpoints.get, { params: { id } })).data,
    });
}
