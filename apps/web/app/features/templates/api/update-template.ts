import type { TUpdateTemplateRequest } from "@sms/domain/contracts/templates";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { TEMPLATES_LIST_KEY, templateKey } from "./keys";

export function useUpdateTemplate(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TUpdateTemplateRequest) =>
      (await api.call(templatesEndpoints.update, { params: { id }, body })).data,
    onSuccess: (template) => {
      client.setQueryData(templateKey(id), template);
      void client.invalidateQueries({ queryKey: TEMPLATES_LIST_KEY });
    },
  });
}
