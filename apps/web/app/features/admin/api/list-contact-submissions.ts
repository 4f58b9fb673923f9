import type { TContactSubmissionsQueryInput } from "@sms/domain/contracts/marketing-lists";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export const CONTACT_SUBMISSIONS_QUERY_KEY = ["admin", "contact-submissions"] as const;

export function listContactSubmissions(query: TContactSubmissionsQueryInput) {
  return api.call(adminEndpoints.listContactSubmissions, { query });
}

/** Contact-form messages for staff, one page at a time; the previous page stays shown while the next loads. */
export function useContactSubmissions(query: TContactSubmissionsQueryInput, queryKey: readonly unknown[]) {
  return useQuery({
    queryKey,
    queryFn: () => listContactSubmissions(query),
    placeholderData: keepPreviousData,
  });
}
