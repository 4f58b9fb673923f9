import { LIST_MAX_PAGE_SIZE } from "@sms/domain/contracts/lists";
import { contactsEndpoints } from "@sms/domain/endpoints/contacts";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

/**
 * The names of a schedule's groups, joined ("Customers, Staff"), or null while loading or when the
 * groups cannot be read (the dialog then says how many). A deleted group is left out.
 */
export function useScheduleGroupNames(ids: readonly number[]): string | null {
  const query = useQuery({
    queryKey: ["contact-groups", "list", "schedule-names"],
    queryFn: async () =>
      (
        await api.call(contactsEndpoints.listGroups, {
          query: { size: LIST_MAX_PAGE_SIZE, sort: "name", reverse: false },
        })
      ).data.entities,
    enabled: ids.length > 0,
    retry: false,
  });
  if (!query.data) return null;
  const names = query.data.filter((group) => ids.includes(group.id)).map((group) => group.name);
  return names.length > 0 ? names.join(", ") : null;
}
