import type { TMe } from "@sms/domain/contracts/accounts";
import { meEndpoints } from "@sms/domain/endpoints/me";
import { useQuery } from "@tanstack/react-query";
import { api } from "~/lib/api-client";

export const ME_QUERY_KEY = ["me"] as const;

export async function getMe(): Promise<TMe> {
  return (await api.call(meEndpoints.get)).data;
}

/**
 * The signed-in user (spec §3 Me). Polled now and then so a session ended elsewhere is noticed;
 * CurrentUserProvider also checks it on navigation and when the tab comes back.
 */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: getMe,
    staleTime: 30_000,
    refetchInterval: 60_000,
    retry: false,
  });
}
