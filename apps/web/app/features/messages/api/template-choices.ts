import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { endpointKey } from "~/lib/endpoint-key";
import { useEndpointQuery } from "~/lib/endpoint-query";

const query = { enabled: true, size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false } as const;

/**
 * GET /c/templates?enabled=true: the templates a send may start from (a member without the right
 * gets none). Under the templates list's key (ADR 72), holding the endpoint's page as it comes, so
 * the templates page's invalidations and optimistic updates reach it.
 */
export function useTemplateChoices() {
  return useEndpointQuery(
    templatesEndpoints.list,
    { query },
    { select: (page) => page.entities, retry: false },
  );
}

/** GET /c/templates/{id}: the whole text of the template chosen (the list has an excerpt only); the templates page's cache of it. */
export function useFetchTemplate() {
  const client = useQueryClient();
  return (id: number) =>
    client.fetchQuery({
      queryKey: endpointKey(templatesEndpoints.get, { params: { id } }),
      queryFn: async () => (await api.call(templatesEndpoints.get, { params: { id } })).data,
    });
}
