import type { TOrganizationsListQuery } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { showsOrganizationMenu } from "../lib/free-trial";
import { ORGANIZATIONS_KEY } from "./keys";

/** Spec §7: the switch list asks for exactly this page. */
export const SWITCH_LIST_QUERY = { page: 1, reverse: false, sort: "id", size: 100 } as const;
export const SWITCH_LIST_KEY = [...ORGANIZATIONS_KEY, "mine", SWITCH_LIST_QUERY] as const;

export function listOrganizations(query: Partial<TOrganizationsListQuery>) {
  return api.call(organizationsEndpoints.list, { query });
}

/** The user's organizations, one page at a time (the /organizations table). */
export function useOrganizations(query: TOrganizationsListQuery, queryKey: readonly unknown[]) {
  return useQuery({ queryKey, queryFn: () => listOrganizations(query), placeholderData: keepPreviousData });
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
