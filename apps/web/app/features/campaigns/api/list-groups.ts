import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { CAMPAIGN_GROUPS_KEY } from "./keys";

/** GET /c/contact-groups: the groups a campaign may go to, with their contact counts, by name. */
export function useCampaignGroups() {
  return useQuery({
    queryKey: CAMPAIGN_GROUPS_KEY,
    queryFn: async () =>
      (
        await api.call(contactsEndpoints.listGroups, {
          query: { size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false },
        })
      ).data.entities,
  });
}
