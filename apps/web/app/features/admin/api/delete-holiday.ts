import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_HOLIDAYS_KEY } from "./keys";

export function useDeleteHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (date: string) =>
      (await api.call(adminEndpoints.deleteHoliday, { params: { date } })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ADMIN_HOLIDAYS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
