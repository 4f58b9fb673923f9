import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useEndpointQuery } from "~/lib/endpoint-query";

const query = { size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false } as const;

/**
 * GET /c/contact-groups: the groups a campaign may go to, with their contact counts, by name. Under
 * the groups list's key (ADR 72), so the contacts pages' invalidations refresh it.
 */
export function useCampaignGroups() {
  return useEndpointQuery(contactsEndpoints.listGroups, { query }, { select: (page) => page.entities });
}
