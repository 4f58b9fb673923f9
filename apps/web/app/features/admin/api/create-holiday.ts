import type { TCreateHolidayRequest } from "@sms/domain/contracts/admin";
import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, isApiError } from "~/lib/api-client";
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

/**
 * Adds several holidays (the official ones ticked in the preview), one request each in date order,
 * so each is checked and audited like one typed by hand. A day another staff member added meanwhile
 * (409) is counted as already there, not as a failure.
 */
export function useAddHolidays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (bodies: readonly TCreateHolidayRequest[]) => {
      let added = 0;
      for (const body of bodies) {
        try {
          await api.call(adminEndpoints.createHoliday, { body });
          added += 1;
        } catch (error) {
          if (!(isApiError(error) && error.status === 409)) throw error;
        }
      }
      return { added };
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ADMIN_HOLIDAYS_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY });
    },
  });
}
