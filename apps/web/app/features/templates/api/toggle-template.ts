import type { TTemplatesResponse } from "@sms/domain/contracts/templates";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { TEMPLATES_LIST_KEY, templateKey } from "./keys";

type ListPage = TTemplatesResponse["data"];

export interface ToggleTemplateInput {
  id: number;
  enabled: boolean;
}

/**
 * The on/off switch (spec §4): the rows show the new state at once and go back if the server
 * refuses. Lists filtered by status are refetched afterwards, where the row may leave the page.
 */
export function useToggleTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: ToggleTemplateInput) =>
      (await api.call(templatesEndpoints.update, { params: { id }, body: { enabled } })).data,
    onMutate: async ({ id, enabled }) => {
      await client.cancelQueries({ queryKey: TEMPLATES_LIST_KEY });
      const previous = client.getQueriesData<ListPage>({ queryKey: TEMPLATES_LIST_KEY });
      client.setQueriesData<ListPage>({ queryKey: TEMPLATES_LIST_KEY }, (page) =>
        page
          ? { ...page, entities: page.entities.map((row) => (row.id === id ? { ...row, enabled } : row)) }
          : page,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.previous ?? []) client.setQueryData(key, page);
    },
    onSuccess: (template) => client.setQueryData(templateKey(template.id), template),
    onSettled: () => client.invalidateQueries({ queryKey: TEMPLATES_LIST_KEY }),
  });
}
