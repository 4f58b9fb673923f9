import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_HOLIDAYS_KEY } from "./keys";

/** Renames a day of the holiday table (a built-in one included); audited. */
export function useUpdateHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, name }: { date: string; name: string }) =>
      (await api.call(adminEndpoints.updateHoliday, { params: { date }, body: { name } })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ADMIN_HOLIDAYS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
