import type { TCreateHolidayRequest } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_AUDIT_KEY, ADMIN_HOLIDAYS_KEY } from "./keys";

export function useCreateHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TCreateHolidayRequest) =>
      (await api.call(adminEndpoints.createHoliday, { body })).data,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ADMIN_HOLIDAYS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
