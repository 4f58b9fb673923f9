import type { TUpdateContactSubmissionRequest } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_SUMMARY_KEY } from "./keys";
import { CONTACT_SUBMISSIONS_QUERY_KEY } from "./list-contact-submissions";

/** PATCH /admin/contact-submissions/{id}: answered or new again, and who looks after it (review D70). */
export function useUpdateContactSubmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number; change: TUpdateContactSubmissionRequest }) =>
      (await api.call(adminEndpoints.updateContactSubmission, { params: { id }, body: change })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: CONTACT_SUBMISSIONS_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_SUMMARY_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
