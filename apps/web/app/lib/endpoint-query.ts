import type { AnyEndpoint, EndpointResponse } from "@sms/domain/endpoints/define";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client";
import { type EndpointKeyInput, endpointKey } from "./endpoint-key";

/** The `data` of an endpoint's success answer: what the cache holds under its key. */
export type EndpointData<E extends AnyEndpoint> = EndpointResponse<E> extends { data: infer D } ? D : never;

export interface EndpointQueryOptions<E extends AnyEndpoint, S> {
  enabled?: boolean;
  retry?: boolean | number;
  /** The part a screen wants; the cache keeps the endpoint's answer as it comes (ADR 72). */
  select?: (data: EndpointData<E>) => S;
}

/**
 * Reads a declared endpoint under its own key (ADR 72): every screen reading the endpoint shares
 * the owner's cache and invalidations, with no hook of its own to copy and no key to spell.
 */
export function useEndpointQuery<E extends AnyEndpoint, S = EndpointData<E>>(
  endpoint: E,
  input: EndpointKeyInput<E>,
  options: EndpointQueryOptions<E, S> = {},
) {
  // api.call's arguments depend on the endpoint; for a generic endpoint the input is passed as declared.
  const call = api.call as (endpoint: E, input: EndpointKeyInput<E>) => Promise<{ data: EndpointData<E> }>;
  return useQuery({
    queryKey: endpointKey(endpoint, input),
    queryFn: async () => (await call(endpoint, input)).data,
    ...options,
  });
}
