import { adminEndpoints } from "@sms/domain/endpoints/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";
import { ADMIN_HOLIDAYS_KEY } from "./keys";

export function useHolidays(year: number) {
  return useQuery({
    queryKey: [...ADMIN_HOLIDAYS_KEY, year],
    queryFn: async () => (await api.call(adminEndpoints.listHolidays, { query: { year } })).data.entities,
  });
}
