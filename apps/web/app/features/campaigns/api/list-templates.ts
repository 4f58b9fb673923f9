import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { templatesEndpoints } from "@sms/domain/endpoints/templates";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CAMPAIGN_TEMPLATES_KEY } from "./keys";

/** GET /c/templates?enabled=true: the templates a campaign may start from (a member without the right gets none). */
export function useCampaignTemplates() {
  return useQuery({
    queryKey: CAMPAIGN_TEMPLATES_KEY,
    queryFn: async () =>
      (
        await api.call(templatesEndpoints.list, {
          query: { enabled: true, size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false },
        })
      ).data.entities,
    retry: false,
  });
}
