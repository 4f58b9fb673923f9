import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { TEMPLATES_LIST_KEY, templateKey } from "./keys";

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.call(templatesEndpoints.delete, { params: { id } })).data,
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: templateKey(id) });
      void client.invalidateQueries({ queryKey: TEMPLATES_LIST_KEY });
    },
  });
}
