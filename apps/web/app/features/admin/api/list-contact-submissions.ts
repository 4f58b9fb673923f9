import type { TContactSubmissionsResponse } from "@sms/domain/contracts/marketing";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export const CONTACT_SUBMISSIONS_PAGE_SIZE = 20;

export function listContactSubmissions(page: number) {
  return api.get<TContactSubmissionsResponse>(
    `/admin/contact-submissions?page=${page}&size=${CONTACT_SUBMISSIONS_PAGE_SIZE}`,
  );
}

/** Contact-form messages for staff, newest first, one page at a time. */
export function useContactSubmissions(page: number) {
  return useQuery({
    queryKey: ["admin", "contact-submissions", page],
    queryFn: () => listContactSubmissions(page),
    placeholderData: keepPreviousData,
  });
}
