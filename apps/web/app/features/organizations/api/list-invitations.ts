import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { INVITATION_SORT } from "@sms/domain/contracts/organizations";
import { organizationsEndpoints } from "@sms/domain/endpoints/organizations";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { invitationsKey } from "./keys";

/**
 * The pending invitations, newest first: one page of the largest size (an organization has few),
 * so the list keeps no URL state that would clash with the members table's on the same page.
 */
export function useInvitations(id: number) {
  return useQuery({
    queryKey: invitationsKey(id),
    queryFn: () =>
      api.call(organizationsEndpoints.listInvitations, {
        params: { id },
        query: {
          page: 1,
          size: LIST_MAX_PAGE_SIZE,
          sort: INVITATION_SORT.default.key,
          reverse: INVITATION_SORT.default.reverse,
        },
      }),
  });
}
