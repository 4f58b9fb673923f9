import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { endpointKey } from "~/lib/endpoint-key";

const query = { size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false } as const;

/**
 * GET /c/contact-groups: the groups a campaign may go to, with their contact counts, by name. Under
 * the groups list's key (ADR 72), so the contacts pages' invalidations refresh it.
 */
export function useCampaignGroups() {
  return useQuery({
    queryKey: endpointKey(contactsEndpoints.listGroups, { query }),
    queryFn: async () => (await api.call(contactsEndpoints.listGroups, { query })).data,
    select: (page) => page.entities,
  });
}
