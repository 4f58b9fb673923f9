import type { TOrganizationListItem, TOrganizationsListQuery } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { type MemberAction, memberCan } from "@sms/domain/permissions";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { showsOrganizationMenu } from "../lib/free-trial";
import { ORGANIZATIONS_KEY } from "./keys";

/** Spec §7: the switch list asks for exactly this page. */
export const SWITCH_LIST_QUERY = { page: 1, reverse: false, sort: "id", size: 100 } as const;
export const SWITCH_LIST_KEY = [...ORGANIZATIONS_KEY, "mine", SWITCH_LIST_QUERY] as const;

export function listOrganizations(query: Partial<TOrganizationsListQuery>) {
  return api.call(organizationsEndpoints.list, { query });
}

type ListAnswer = Awaited<ReturnType<typeof listOrganizations>>;

/**
 * The table's first page (default sort) out of the switch list the menu has already loaded, when
 * that list is whole (fewer than its 100): shown at once while the page itself loads (review D61).
 */
export function pageFromSwitchList(
  all: readonly TOrganizationListItem[] | undefined,
  query: TOrganizationsListQuery,
): ListAnswer | undefined {
  const defaultOrder = query.sort === SWITCH_LIST_QUERY.sort && query.reverse === SWITCH_LIST_QUERY.reverse;
  if (!all || all.length >= SWITCH_LIST_QUERY.size || !defaultOrder || query.page !== 1) return undefined;
  return {
    data: {
      entities: all.slice(0, query.size),
      page_information: {
        page: 1,
        size: query.size,
        total_pages: Math.max(1, Math.ceil(all.length / query.size)),
        total_item: all.length,
        limit: 5,
      },
    },
  } as ListAnswer;
}

/** The user's organizations, one page at a time (the /organizations table). */
export function useOrganizations(query: TOrganizationsListQuery, queryKey: readonly unknown[]) {
  const client = useQueryClient();
  return useQuery({
    queryKey,
    queryFn: () => listOrganizations(query),
    // The previous page while another loads; on arrival, what the menu already knows.
    placeholderData: (previous) =>
      previous ?? pageFromSwitchList(client.getQueryData<TOrganizationListItem[]>(SWITCH_LIST_KEY), query),
  });
}

/** Every organization of the user (up to 100), for the switch list and the menu's visibility. */
export function useMyOrganizations() {
  return useQuery({
    queryKey: SWITCH_LIST_KEY,
    queryFn: async () => (await listOrganizations(SWITCH_LIST_QUERY)).data.entities,
    staleTime: 60_000,
  });
}

/** Whether the sidebar shows the organization menu (spec §2: hidden by default). */
export function useShowOrganizationMenu(): boolean {
  const organizations = useMyOrganizations();
  return showsOrganizationMenu(organizations.data ?? []);
}

/**
 * What the caller may do in its current organization (ADR 10), from the list the menu already loads;
 * undefined until it has answered (the sidebar then waits to show pages that need a right).
 */
export function useCurrentMemberCan(): ((action: MemberAction) => boolean) | undefined {
  const organizations = useMyOrganizations();
  const current = organizations.data?.find((organization) => organization.current_member !== null);
  if (!current) return undefined;
  return (action) => memberCan(current.member_role, action);
}
