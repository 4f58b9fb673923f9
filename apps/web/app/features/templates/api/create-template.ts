import type { TCreateTemplateRequest } from "@sms/domain/contracts/templates";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { TEMPLATES_LIST_KEY, templateKey } from "./keys";

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateTemplateRequest) =>
      (await api.call(templatesEndpoints.create, { body })).data,
    onSuccess: (template) => {
      client.setQueryData(templateKey(template.id), template);
      void client.invalidateQueries({ queryKey: TEMPLATES_LIST_KEY });
    },
  });
}
